import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { NotificationsCard } from '../../src/client/features/auth/notifications-card';
import { aNotificationSettings } from './builders';
import { fakeServer, ok, renderWithProviders, trpcError } from './render';

const PUBLIC_KEY = `B${'Qk'.repeat(43)}`;
const SETTINGS = aNotificationSettings({
  publicKey: PUBLIC_KEY,
  preferences: { event_tomorrow: true, catch_judged: true, results_final: true, waitlist_place_freed: true },
  devices: 0,
});
const SUBSCRIPTION = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/phone-1',
  expirationTime: null,
  keys: { p256dh: `B${'x'.repeat(86)}`, auth: 'y'.repeat(22) },
};

/** Browser features a test puts in place (web push, an iPhone's user agent), taken away after it. */
const stubs: { target: object; key: string; had: PropertyDescriptor | undefined }[] = [];
function stub(target: object, key: string, value: unknown) {
  stubs.push({ target, key, had: Object.getOwnPropertyDescriptor(target, key) });
  Object.defineProperty(target, key, { configurable: true, writable: true, value });
}
afterEach(() => {
  for (const { target, key, had } of stubs.splice(0).toReversed()) {
    if (had) Object.defineProperty(target, key, had);
    else delete (target as Record<string, unknown>)[key];
  }
});

/** A browser with web push: permission as given, a service worker whose pushManager keeps one subscription. */
function webPushBrowser(permission: NotificationPermission, answer: NotificationPermission = 'granted') {
  const state = {
    permission,
    subscribed: null as null | { options: { applicationServerKey: ArrayBuffer }; endpoint: string },
    subscribeCalls: [] as unknown[],
  };
  const subscription = (key: Uint8Array) => ({
    endpoint: SUBSCRIPTION.endpoint,
    options: { applicationServerKey: key.buffer as ArrayBuffer },
    toJSON: () => SUBSCRIPTION,
    unsubscribe: async () => {
      state.subscribed = null;
      return true;
    },
  });
  const pushManager = {
    getSubscription: async () => state.subscribed,
    subscribe: async (options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => {
      state.subscribeCalls.push(options);
      state.subscribed = subscription(options.applicationServerKey);
      return state.subscribed;
    },
  };
  stub(navigator, 'serviceWorker', { getRegistration: async () => ({ pushManager }) });
  stub(window, 'PushManager', function PushManager() {});
  stub(window, 'Notification', {
    get permission() {
      return state.permission;
    },
    requestPermission: async () => (state.permission = answer),
  });
  return state;
}

const switchFor = (label: string) => screen.getByRole('switch', { name: new RegExp(`^${label}`) }) as HTMLInputElement;

describe('Settings → Notifications', () => {
  it('switches each kind on and off, and puts a switch back when the server refuses', async () => {
    const server = fakeServer({
      'notifications.settings': () => ok(SETTINGS),
      'notifications.setPreference': (input) =>
        input.kind === 'catch_judged'
          ? trpcError(503, 'SERVICE_UNAVAILABLE', 'The club is busy right now.')
          : ok({ ...SETTINGS, preferences: { ...SETTINGS.preferences, [input.kind]: input.enabled } }),
    });
    const person = userEvent.setup();
    renderWithProviders(<NotificationsCard />, server);

    expect(screen.getByRole('heading', { name: 'Notifications' })).toBeTruthy();
    await screen.findByRole('switch', { name: /^Event tomorrow/ });
    for (const label of ['Event tomorrow', 'Your catch judged', 'Results final', 'A place frees up'])
      expect(switchFor(label).checked).toBe(true);
    expect(screen.getByText(/The reminder e-mail with the calendar invitation comes either way/)).toBeTruthy();

    await person.click(switchFor('Results final'));
    await waitFor(() => expect(switchFor('Results final').checked).toBe(false));
    expect(server.mutations().map((c) => c.inputs[0])).toEqual([{ kind: 'results_final', enabled: false }]);

    await person.click(switchFor('Your catch judged'));
    expect(await screen.findByText('The club is busy right now.')).toBeTruthy();
    await waitFor(() => expect(switchFor('Your catch judged').checked).toBe(true));
    expect(switchFor('Results final').checked).toBe(false);
  });

  it('says so in a browser without web push, and that the e-mails still come', async () => {
    const server = fakeServer({ 'notifications.settings': () => ok(SETTINGS) });
    renderWithProviders(<NotificationsCard />, server);
    expect(await screen.findByText('Not supported in this browser')).toBeTruthy();
    expect(screen.getByText('This browser cannot show notifications from the club. They come by e-mail instead.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn on notifications on this phone' })).toBeNull();
  });

  it('tells an iPhone in Safari to add the site to the Home Screen first', async () => {
    stub(
      navigator,
      'userAgent',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    );
    const server = fakeServer({ 'notifications.settings': () => ok(SETTINGS) });
    renderWithProviders(<NotificationsCard />, server);
    expect(await screen.findByText('Add the site to your Home Screen first')).toBeTruthy();
    expect(screen.getByText(/in Safari tap Share, then ‘Add to Home Screen’/)).toBeTruthy();
  });

  it("asks the browser's permission, subscribes with the server's key and sends the subscription", async () => {
    const browser = webPushBrowser('default');
    const server = fakeServer({
      'notifications.settings': () => ok(SETTINGS),
      'notifications.subscribe': () => ok({ ...SETTINGS, devices: 1 }),
    });
    const person = userEvent.setup();
    renderWithProviders(<NotificationsCard />, server);

    await person.click(await screen.findByRole('button', { name: 'Turn on notifications on this phone' }));
    expect(await screen.findByText('On for this phone.')).toBeTruthy();
    expect(server.mutations().map((c) => [c.procedures[0], c.inputs[0]])).toEqual([['notifications.subscribe', SUBSCRIPTION]]);
    const [options] = browser.subscribeCalls as { userVisibleOnly: boolean; applicationServerKey: Uint8Array }[];
    expect(options.userVisibleOnly).toBe(true);
    expect(Buffer.from(options.applicationServerKey).toString('base64url')).toBe(PUBLIC_KEY);
    expect(screen.getByText(/Notifications go to one phone or computer of yours/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Turn off on this phone' }).style.minHeight).toBe('calc(2.75rem * var(--mantine-scale))');
  });

  it('shows the state when the person blocked notifications for the site', async () => {
    webPushBrowser('denied');
    const server = fakeServer({ 'notifications.settings': () => ok(SETTINGS) });
    renderWithProviders(<NotificationsCard />, server);
    expect(await screen.findByText('Blocked by the browser')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn on notifications on this phone' })).toBeNull();
  });

  it('turns to blocked when the person says Block at the question', async () => {
    webPushBrowser('default', 'denied');
    const server = fakeServer({ 'notifications.settings': () => ok(SETTINGS) });
    const person = userEvent.setup();
    renderWithProviders(<NotificationsCard />, server);
    await person.click(await screen.findByRole('button', { name: 'Turn on notifications on this phone' }));
    expect(await screen.findByText('Blocked by the browser')).toBeTruthy();
    expect(server.mutations()).toEqual([]);
  });
});
