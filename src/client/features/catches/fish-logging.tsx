import { Stack } from '@mantine/core';
import { LogCatchForm } from './log-catch-form';
import { RecentCatches } from './recent-catches';

/** The fish logging screen (SPEC §2.10): the form and 'Your Recent Catches'. */
export function FishLogging() {
  return (
    <Stack gap="md">
      <LogCatchForm />
      <RecentCatches />
    </Stack>
  );
}
