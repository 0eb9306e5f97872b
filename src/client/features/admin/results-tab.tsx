import { Stack } from '@mantine/core';
import { PictureOfMonthAdminCard } from './picture-of-month-card';
import { PlacingRulesCard } from './placing-rules-card';
import { SizeLimitsEditor } from './size-limits-editor';

/** The top of the Results tab: the placing rule, the minimum lengths and the fish picture of the month. */
export function AdminResultsSettings() {
  return (
    <Stack gap="md">
      <PlacingRulesCard />
      <SizeLimitsEditor />
      <PictureOfMonthAdminCard />
    </Stack>
  );
}
