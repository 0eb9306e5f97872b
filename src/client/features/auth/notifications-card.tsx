import { Alert, Button, Card, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { NOTIFICATION_KINDS, NOTIFICATION_TEXT, type NotificationKind } from '../../../shared/notifications';
import type { NotificationSettings } from '../../../shared/notifications.schema';
import { toast } from '../../components/toast';
import { isNetworkError, serverMessage } from '../../lib/errors';
import {
  currentSubscription,
  notificationPermission,
  pushSupport,
  PushSetupError,
  subscribeThisDevice,
  unsubscribeThisDevice,
} from '../../offline/push';
import { useTRPC } from '../../trpc';

/** Where this browser stands: checking, taking notifications, not yet, blocked by the person, or unable to. */
type DeviceState = 'checking' | 'on' | 'off' | 'blocked' | 'needs-install' | 'unsupported';

/** Switches and labels together make a target at least 44 px tall, for a thumb on a wet phone. */
const SWITCH_TARGET = { body: { minHeight: 44, alignItems: 'center' }, track: { cursor: 'pointer' }, label: { cursor: 'pointer' } };

const toServer = (json: PushSubscriptionJSON) => ({
  endpoint: json.endpoint ?? '',
  keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  expirationTime: json.expirationTime ?? null,
});

const failure = (e: unknown, fallback: string) =>
  e instanceof PushSetupError ? e.message : isNetworkError(e) ? 'Network error. Please try again.' : (serverMessage(e) ?? fallback);

/** Settings → Notifications: each kind on or off, and 'Turn on notifications on this phone'. */
export function NotificationsCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settingsKey = trpc.notifications.settings.queryKey();
  const settings = useQuery(trpc.notifications.settings.queryOptions());
  const keep = (data: NotificationSettings) => queryClient.setQueryData(settingsKey, data);
  const setPreference = useMutation(trpc.notifications.setPreference.mutationOptions());
  const subscribe = useMutation(trpc.notifications.subscribe.mutationOptions());
  const unsubscribe = useMutation(trpc.notifications.unsubscribe.mutationOptions());
  const [device, setDevice] = useState<DeviceState>('checking');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const support = pushSupport();
    if (support !== 'supported') return setDevice(support);
    if (notificationPermission() === 'denied') return setDevice('blocked');
    void currentSubscription()
      .then((subscription) => {
        if (!live) return;
        const on = Boolean(subscription) && notificationPermission() === 'granted';
        setDevice(on ? 'on' : 'off');
        // Sent again, so the phone is this member's (another may have signed in on it) and the server has it.
        if (on) subscribe.mutate(toServer(subscription!.toJSON()), { onSuccess: keep });
      })
      .catch(() => live && setDevice('off'));
    return () => {
      live = false;
    };
    // Once per opening: the browser's state does not change under an open card.
    // oxlint-disable-next-line react/exhaustive-deps
  }, []);

  async function turnOn() {
    if (!settings.data) return;
    setBusy(true);
    setError(null);
    try {
      keep(await subscribe.mutateAsync(toServer(await subscribeThisDevice(settings.data.publicKey))));
      setDevice('on');
      toast.success('Notifications are on', 'This phone will show the club’s notifications.');
    } catch (e) {
      if (e instanceof PushSetupError && e.reason === 'blocked') setDevice('blocked');
      else setError(failure(e, 'Notifications could not be turned on. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  async function turnOff() {
    setBusy(true);
    setError(null);
    try {
      const endpoint = await unsubscribeThisDevice();
      if (endpoint) keep(await unsubscribe.mutateAsync({ endpoint }));
      setDevice('off');
    } catch (e) {
      setError(failure(e, 'Notifications could not be turned off. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  function choose(kind: NotificationKind, enabled: boolean) {
    const before = settings.data;
    if (before) keep({ ...before, preferences: { ...before.preferences, [kind]: enabled } });
    setPreference.mutate(
      { kind, enabled },
      {
        onSuccess: keep,
        onError: (e) => {
          if (before) keep(before);
          toast.error('Not saved', failure(e, 'Your choice could not be saved. Please try again.'));
        },
      },
    );
  }

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="notifications-heading">
      <Stack gap="sm">
        <Title order={3} size="h5" id="notifications-heading">
          Notifications
        </Title>
        {settings.isPending ? (
          <Loader size="sm" aria-label="Loading notification settings" />
        ) : settings.isError ? (
          <Text size="sm" c="red" role="alert">
            Your notification settings could not be loaded. Check your signal and open Settings again.
          </Text>
        ) : (
          <>
            <DeviceSection state={device} busy={busy} onTurnOn={() => void turnOn()} onTurnOff={() => void turnOff()} />
            {error && (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            )}
            <Text size="sm" c="dimmed">
              {settings.data.devices === 0
                ? 'No phone or computer of yours takes notifications yet: until one does, they come by e-mail.'
                : `Notifications go to ${settings.data.devices === 1 ? 'one phone or computer' : `${settings.data.devices} phones or computers`} of yours; e-mail when none of them takes one.`}
            </Text>
            <Stack gap={4}>
              {NOTIFICATION_KINDS.map((kind) => (
                <Switch
                  key={kind}
                  size="md"
                  styles={SWITCH_TARGET}
                  label={NOTIFICATION_TEXT[kind].label}
                  description={NOTIFICATION_TEXT[kind].description}
                  checked={settings.data.preferences[kind]}
                  onChange={(event) => choose(kind, event.currentTarget.checked)}
                />
              ))}
            </Stack>
          </>
        )}
      </Stack>
    </Card>
  );
}

function DeviceSection({
  state,
  busy,
  onTurnOn,
  onTurnOff,
}: {
  state: DeviceState;
  busy: boolean;
  onTurnOn: () => void;
  onTurnOff: () => void;
}) {
  switch (state) {
    case 'checking':
      return <Loader size="sm" aria-label="Checking this phone" />;
    case 'on':
      return (
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            On for this phone.
          </Text>
          <Button variant="default" mih={44} loading={busy} onClick={onTurnOff}>
            Turn off on this phone
          </Button>
        </Stack>
      );
    case 'off':
      return (
        <Button mih={44} loading={busy} onClick={onTurnOn}>
          Turn on notifications on this phone
        </Button>
      );
    case 'blocked':
      return (
        <Alert color="yellow" variant="light" title="Blocked by the browser">
          Notifications are blocked for this site in this browser. Allow them in the browser’s site settings (the padlock or the site’s
          information, then Notifications), and open Settings again. Until then they come by e-mail.
        </Alert>
      );
    case 'needs-install':
      return (
        <Alert color="blue" variant="light" title="Add the site to your Home Screen first">
          On an iPhone or iPad, notifications work once the club site is installed: in Safari tap Share, then ‘Add to Home Screen’, open the
          club from its icon and turn notifications on here. Until then they come by e-mail.
        </Alert>
      );
    case 'unsupported':
      return (
        <Alert color="gray" variant="light" title="Not supported in this browser">
          This browser cannot show notifications from the club. They come by e-mail instead.
        </Alert>
      );
  }
}
