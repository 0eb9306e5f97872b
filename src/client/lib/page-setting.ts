import { useSyncExternalStore } from 'react';

export interface PageSettingOptions<T> {
  /** The id of the `<script type="application/json">` the page's HTML carries it in. */
  id: string;
  /** The tRPC query that answers it, for a page served without it (as the development server does). */
  path: string;
  /** A light shape check (the server checked it in full when it was saved), so the page bundle needs no zod. */
  isValid: (value: unknown) => value is T;
  /** What it is until known (only ever briefly, on a page served without it). */
  unknown: T;
  /** Called whenever a value is taken. */
  onSet?: (value: T) => void;
}

export interface PageSetting<T> {
  /** At start: the page's, else the device's copy (the app opened offline), else asked of the API; true when found without asking. */
  keep: () => boolean;
  set: (value: T) => void;
  /** Asks the API afresh (the page's copy may be older than the server's). */
  refresh: () => Promise<void>;
  get: () => T;
  /** In a component: it redraws when a new value is taken (say, just saved in Admin → Club settings). */
  use: () => T;
}

/**
 * A club setting every page carries in its HTML (its profile, its membership rules): kept in memory for the app,
 * and on the device for the app opened offline from the service worker's copy.
 */
export function pageSetting<T>(options: PageSettingOptions<T>): PageSetting<T> {
  const { id, path, isValid, unknown, onSet } = options;
  const keptKey = id;
  let current: T | null = null;
  const listeners = new Set<() => void>();
  const parse = (text: string | null | undefined): T | null => {
    if (!text) return null;
    try {
      const value: unknown = JSON.parse(text);
      return isValid(value) ? value : null;
    } catch {
      return null;
    }
  };
  const set = (value: T) => {
    current = value;
    onSet?.(value);
    try {
      localStorage.setItem(keptKey, JSON.stringify(value));
    } catch {
      // A private window may refuse storage (and the server's drawing has none): the page's own copy serves this visit.
    }
    for (const listener of listeners) listener();
  };
  const refresh = () =>
    fetch(`/trpc/${path}`, { headers: { accept: 'application/json' } })
      .then(async (response) =>
        response.ok ? parse(JSON.stringify(((await response.json()) as { result?: { data?: unknown } }).result?.data)) : null,
      )
      .then((value) => {
        if (value) set(value);
      })
      .catch(() => undefined);
  const keep = () => {
    const found = parse(document.getElementById(id)?.textContent) ?? parse(storedCopy(keptKey));
    if (found) {
      set(found);
      return true;
    }
    void refresh();
    return false;
  };
  const get = () => current ?? unknown;
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return { keep, set, refresh, get, use: () => useSyncExternalStore(subscribe, get, get) };
}

function storedCopy(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
