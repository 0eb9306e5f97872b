// Background Sync: the browser wakes the service worker to send waiting catches once there is signal, even with
// the site closed (Chromium-based browsers), where it accepts the site's request for it. Elsewhere, or when it refuses
// (a private window, a setting), catches send only while the site is open, and the site says so.

/** The one sync the site asks for: send the catches waiting on this phone. */
export const SEND_CATCHES_TAG = 'tcac-send-catches';

interface SyncRegistration {
  sync: { register(tag: string): Promise<void> };
}

/** Whether this browser has Background Sync at all (it may still refuse it). */
function hasBackgroundSync(): boolean {
  return import.meta.env.PROD && 'serviceWorker' in navigator && typeof window !== 'undefined' && 'SyncManager' in window;
}

/** What the browser said to this page's last request: accepted, refused (or none to ask), or not asked yet. */
let answer: 'registered' | 'refused' | 'unasked' = 'unasked';
const listeners = new Set<() => void>();
function answered(next: typeof answer) {
  if (next === answer) return;
  answer = next;
  listeners.forEach((listener) => listener());
}

/** True only once the browser has accepted a request to send the waiting catches with the site closed. */
export const sendsWhileClosed = (): boolean => answer === 'registered';

/** Whether the site has asked yet (the first request tells whether the browser accepts). */
export const syncAsked = (): boolean => answer !== 'unasked';

/** Calls `listener` when the browser's answer changes. Returns the unsubscribe. */
export function onSyncAnswer(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Asks for a send once there is signal (the browser fires it at once when there is); resolves with whether the
 * browser accepted. Nothing is asked where it cannot be.
 */
export async function sendWhenSignalReturns(): Promise<boolean> {
  if (!hasBackgroundSync()) {
    answered('refused');
    return false;
  }
  try {
    const registration = (await navigator.serviceWorker.ready) as unknown as SyncRegistration;
    await registration.sync.register(SEND_CATCHES_TAG);
    answered('registered');
    return true;
  } catch {
    // Refused (a private window, or permission withheld): the open site still sends.
    answered('refused');
    return false;
  }
}
