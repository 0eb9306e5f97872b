import { useSyncExternalStore } from 'react';

const unchanging = () => () => {};

/**
 * A value only the browser knows (the page's address, what the device keeps), read so a page drawn on the server
 * and the app taking it over agree: there, and during the takeover, `serverValue`; at once after, the browser's.
 * `read` must give the same value (`Object.is`) until it changes.
 */
export function useBrowserValue<T>(read: () => T, serverValue: T): T {
  return useSyncExternalStore(unchanging, read, () => serverValue);
}
