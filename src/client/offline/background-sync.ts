// Background Sync: the browser wakes the service worker to send waiting catches once there is signal, even with
// the site closed (Chromium-based browsers). Elsewhere catches send only while the site is open, and it says so.

/** The one sync the site asks for: send the catches waiting on this phone. */
export const SEND_CATCHES_TAG = 'tcac-send-catches';

interface SyncRegistration {
  sync: { register(tag: string): Promise<void> };
}

/** Whether this browser can send waiting catches with the site closed. */
export function canSendWhileClosed(): boolean {
  return import.meta.env.PROD && 'serviceWorker' in navigator && typeof window !== 'undefined' && 'SyncManager' in window;
}

/** Asks for a send once there is signal (the browser fires it at once when there is); nothing where it cannot. */
export async function sendWhenSignalReturns(): Promise<void> {
  if (!canSendWhileClosed()) return;
  try {
    const registration = (await navigator.serviceWorker.ready) as unknown as SyncRegistration;
    await registration.sync.register(SEND_CATCHES_TAG);
  } catch {
    // Refused (a private window, or permission withheld): the open site still sends.
  }
}
