import { notifications } from '@mantine/notifications';

/** SPEC §9: one toast visible at a time, 5 s each. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;

function show(color: 'green' | 'red' | 'blue', title: string, message?: string) {
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
};
