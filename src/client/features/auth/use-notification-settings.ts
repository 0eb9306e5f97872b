import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { NotificationKind } from '../../../shared/notifications';
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
export type DeviceState = 'checking' | 'on' | 'off' | 'blocked' | 'needs-install' | 'unsupported';

const toServer = (json: PushSubscriptionJSON) => ({
  endpoint: json.endpoint ?? '',
  keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  expirationTime: json.expirationTime ?? null,
});

const failure = (e: unknown, fallback: string) =>
  e instanceof PushSetupError ? e.message : isNetworkError(e) ? 'Network error. Please try again.' : (serverMessage(e) ?? fallback);

type Subscribe = ReturnType<typeof useSubscribe>;
function useSubscribe() {
  const trpc = useTRPC();
  return useMutation(trpc.notifications.subscribe.mutationOptions());
}

/** Where this browser stands, asked once per opening; a phone taking notifications is sent to the server again. */
function useDeviceState(subscribe: Subscribe, keep: (data: NotificationSettings) => void) {
  const [device, setDevice] = useState<DeviceState>('checking');
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
  return [device, setDevice] as const;
}

/** The notification settings: each kind on or off, and this phone's notifications turned on or off. */
export function useNotificationSettings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const settingsKey = trpc.notifications.settings.queryKey();
  const settings = useQuery(trpc.notifications.settings.queryOptions());
  const keep = (data: NotificationSettings) => queryClient.setQueryData(settingsKey, data);
  const setPreference = useMutation(trpc.notifications.setPreference.mutationOptions());
  const subscribe = useSubscribe();
  const unsubscribe = useMutation(trpc.notifications.unsubscribe.mutationOptions());
  const [device, setDevice] = useDeviceState(subscribe, keep);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

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
  return { settings, device, busy, error, turnOn, turnOff, choose };
}
