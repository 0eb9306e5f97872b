// This browser's side of web push: whether it can take notifications, and turning them on or off through the service
// worker's pushManager with the server's public (VAPID) key. The subscription itself goes to the server from Settings.

/**
 * 'supported'; 'needs-install': an iPhone or iPad, where Safari shows notifications only for the site added to the
 * Home Screen and opened from there (iOS 16.4 and later); 'unsupported': a browser without web push.
 */
export type PushSupport = 'supported' | 'needs-install' | 'unsupported';

/** An iPhone or iPad (iPadOS says it is a Mac, but a Mac has no touch screen). */
const isAppleMobile = () =>
  /iPad|iPhone|iPod/.test(navigator.userAgent) || (navigator.userAgent.includes('Macintosh') && navigator.maxTouchPoints > 1);

const installed = () =>
  (typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches) ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

export function pushSupport(): PushSupport {
  if ('serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window) return 'supported';
  return isAppleMobile() && !installed() ? 'needs-install' : 'unsupported';
}

/** What the person said when the browser asked: 'default' (not asked yet), 'granted' or 'denied' (blocked). */
export const notificationPermission = (): NotificationPermission => ('Notification' in window ? Notification.permission : 'default');

/** Turning notifications on could not finish; the message says why, in words for the person. */
export class PushSetupError extends Error {
  constructor(
    readonly reason: 'blocked' | 'no-worker' | 'failed',
    message: string,
  ) {
    super(message);
    this.name = 'PushSetupError';
  }
}

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration();
}

/** This browser's subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== 'supported') return null;
  return (await registration())?.pushManager.getSubscription() ?? null;
}

const fromBase64url = (value: string) => {
  const text = atob(
    value
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(value.length / 4) * 4, '='),
  );
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
};

const sameKey = (a: ArrayBuffer | null, b: Uint8Array) => {
  if (!a || a.byteLength !== b.length) return false;
  const bytes = new Uint8Array(a);
  return bytes.every((byte, i) => byte === b[i]);
};

/**
 * Asks permission (the browser's own question), then subscribes this browser with the server's public key and
 * returns the subscription for the server. One made with another key (the site's keys were replaced) is renewed.
 */
export async function subscribeThisDevice(publicKey: string): Promise<PushSubscriptionJSON> {
  const answer = await Notification.requestPermission();
  if (answer !== 'granted')
    throw new PushSetupError(
      answer === 'denied' ? 'blocked' : 'failed',
      answer === 'denied'
        ? 'Notifications are blocked for this site. Allow them in the browser’s site settings, then try again.'
        : 'Notifications were not allowed. Press the button again and choose Allow.',
    );
  const worker = await registration();
  if (!worker)
    throw new PushSetupError(
      'no-worker',
      'This copy of the site has no offline worker (a development build), so it cannot take notifications.',
    );
  const key = fromBase64url(publicKey);
  let subscription = await worker.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  try {
    subscription ??= await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  } catch {
    throw new PushSetupError('failed', 'The browser could not turn notifications on. Check the signal and try again.');
  }
  return subscription.toJSON();
}

/** Ends this browser's subscription; returns its endpoint for the server to forget (null: there was none). */
export async function unsubscribeThisDevice(): Promise<string | null> {
  const subscription = await currentSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
