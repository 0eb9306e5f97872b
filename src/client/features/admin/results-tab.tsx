import { Stack } from '@mantine/core';
import { PictureOfMonthAdminCard } from './picture-of-month-card';
import { PlacingRulesCard } from './placing-rules-card';

/**
 * The top of the Results tab: the placing rule and the fish picture of the month (the species, their legal sizes and
 * the fishing area are the club's, in Admin → Club settings).
 */
export function AdminResultsSettings() {
  return (
    <Stack gap="md">
      <PlacingRulesCard />
      <PictureOfMonthAdminCard />
    </Stack>
  );
}
