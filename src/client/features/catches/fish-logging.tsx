import { Stack } from '@mantine/core';
import { LogCatchForm } from './log-catch-form';
import { QueuedCatches } from './queued-catches';
import { RecentCatches } from './recent-catches';

/** The fish logging screen: the form, any catches waiting on this phone, and 'Your Recent Catches'. */
export function FishLogging() {
  return (
    <Stack gap="md">
      <LogCatchForm />
      <QueuedCatches />
      <RecentCatches />
    </Stack>
  );
}
