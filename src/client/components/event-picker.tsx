import { NativeSelect, type NativeSelectProps } from '@mantine/core';
import { useState } from 'react';
import { clubToday, formatAuDate } from '../../shared/dates';

interface PickableEvent {
  id: string;
  name: string;
  eventDate: string;
}

/** 'Flathead Classic (04/10/2026)': the event's name and its day on the club's calendar. */
export const eventLabel = (e: { name: string; eventDate: string }) => `${e.name} (${formatAuDate(clubToday(new Date(e.eventDate)))})`;

/** The event chosen from a list: the first one until another is chosen (and again when the chosen one leaves the list). */
export function useChosenEvent(events: readonly PickableEvent[]) {
  const [chosen, setChosen] = useState('');
  const eventId = events.some((e) => e.id === chosen) ? chosen : (events[0]?.id ?? '');
  return { eventId, choose: setChosen };
}

/** The 'Event' drop-down of a report or a results board. */
export function EventSelect({
  events,
  value,
  onChange,
  ...props
}: { events: readonly PickableEvent[]; value: string; onChange: (id: string) => void } & Omit<
  NativeSelectProps,
  'value' | 'onChange' | 'data'
>) {
  return (
    <NativeSelect
      label="Event"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      data={events.map((e) => ({ value: e.id, label: eventLabel(e) }))}
      {...props}
    />
  );
}
