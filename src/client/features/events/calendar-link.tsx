import { Button } from '@mantine/core';
import { calendarHref } from './event-text';

/** The event as a calendar file. */
export function CalendarLink({ id }: { id: string }) {
  return (
    <Button component="a" href={calendarHref(id)} download variant="default" size="sm">
      Add to calendar
    </Button>
  );
}
