import { Stack } from '@mantine/core';
import { FishingAreaCard } from './fishing-area-card';
import { PictureOfMonthAdminCard } from './picture-of-month-card';
import { PlacingRulesCard } from './placing-rules-card';

/**
 * The top of the Results tab: the placing rule, the fishing area and the fish picture of the month (the species and
 * their legal sizes are the club's, in Admin → Club settings).
 */
export function AdminResultsSettings() {
  return (
    <Stack gap="md">
      <PlacingRulesCard />
      <FishingAreaCard />
      <PictureOfMonthAdminCard />
    </Stack>
  );
}
