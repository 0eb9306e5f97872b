import { Stack } from '@mantine/core';
import { ResultsBoard } from '../catches/results-board';
import { FishingAreaCard } from './fishing-area-card';
import { PictureOfMonthAdminCard } from './picture-of-month-card';
import { SizeLimitsEditor } from './size-limits-editor';

/** The Results tab: the minimum lengths and the fishing area, then the results board over every event (past ones included). */
export function AdminResultsTab() {
  return (
    <Stack gap="md">
      <SizeLimitsEditor />
      <FishingAreaCard />
      <PictureOfMonthAdminCard />
      <ResultsBoard />
    </Stack>
  );
}
