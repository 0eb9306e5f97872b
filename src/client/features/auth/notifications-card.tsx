import { Alert, Button, Card, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { NOTIFICATION_KINDS, NOTIFICATION_TEXT } from '../../../shared/notifications';
import { useNotificationSettings, type DeviceState } from './use-notification-settings';

/** Switches and labels together make a target at least 44 px tall, for a thumb on a wet phone. */
const SWITCH_TARGET = { body: { minHeight: 44, alignItems: 'center' }, track: { cursor: 'pointer' }, label: { cursor: 'pointer' } };
/** Settings → Notifications: each kind on or off, and 'Turn on notifications on this phone'. */
export function NotificationsCard() {
  const { settings, device, busy, error, turnOn, turnOff, choose } = useNotificationSettings();
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
