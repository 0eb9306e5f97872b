import { notifications } from '@mantine/notifications';

/** How long a toast shows: 5 s. */
export const TOAST_DURATION_MS = 5000;

type ToastColor = 'green' | 'red' | 'blue';

/** Where a toast waits for the next page when the current one is about to be reloaded or left. */
const CARRIED_KEY = 'club.toast-after-load';

let lastShownAt = 0;
/** When the toast now showing was shown (0 before any). */
export const toastShownAt = () => lastShownAt;

function show(color: ToastColor, title: string, message?: string) {
  lastShownAt = Date.now();
  // With one toast on screen, the newest replaces the current one instead of waiting behind it.
  notifications.clean();
  notifications.show({ title, message: message ?? '', color, withBorder: true });
}

export const toast = {
  success: (title: string, message?: string) => show('green', title, message),
  error: (title: string, message?: string) => show('red', title, message),
  info: (title: string, message?: string) => show('blue', title, message),
  /** Takes away what is showing (a failure that a new attempt has made stale). */
  clear: () => notifications.clean(),
  /**
   * A success toast for the page the browser loads next: one shown just before a reload or a full navigation (after
   * signing in) would vanish with the page. Shown now as well where nothing can be kept (storage blocked).
   */
  successAfterLoad: (title: string, message?: string) => {
    try {
      sessionStorage.setItem(CARRIED_KEY, JSON.stringify({ color: 'green', title, message }));
    } catch {
      show('green', title, message);
    }
  },
};

/** Shows the toast the previous page left for this one (toast.successAfterLoad), once. */
export function showCarriedToast(): void {
  let carried: { color: ToastColor; title: string; message?: string } | null = null;
  try {
    const raw = sessionStorage.getItem(CARRIED_KEY);
    sessionStorage.removeItem(CARRIED_KEY);
    carried = raw ? JSON.parse(raw) : null;
  } catch {
    return;
  }
  if (carried && typeof carried.title === 'string') show(carried.color === 'green' ? 'green' : 'blue', carried.title, carried.message);
}
