import { Stack } from '@mantine/core';
import { FishingAreaCard } from './fishing-area-card';
import { PictureOfMonthAdminCard } from './picture-of-month-card';
import { PlacingRulesCard } from './placing-rules-card';
import { SizeLimitsEditor } from './size-limits-editor';

/** The top of the Results tab: the placing rule, the minimum lengths, the fishing area and the fish picture of the month. */
export function AdminResultsSettings() {
  return (
    <Stack gap="md">
      <PlacingRulesCard />
      <SizeLimitsEditor />
      <FishingAreaCard />
      <PictureOfMonthAdminCard />
    </Stack>
  );
}
