import { NativeSelect, Text } from '@mantine/core';
import { skipToken, useQuery } from '@tanstack/react-query';
import type { MemberListItem } from '../../../shared/members.schema';
import { memberChoiceLabel } from '../../../shared/member-names';
import { useTRPC } from '../../trpc';

/** The group of the catch form's member picker that holds the members not entered in the chosen event. */
export const NOT_ENTERED_GROUP = 'Not entered';

type Option = { value: string; label: string };

/**
 * The catch form's members, as its picker offers them: once the event's entrants are known, its entrants first
 * (only their catches count) and then everyone else under 'Not entered'; before that, everyone by name.
 */
export function memberOptions(
  members: readonly MemberListItem[],
  entrantIds: readonly string[] | null,
  eventName: string | undefined,
): (Option | { group: string; items: Option[] })[] {
  const option = (m: MemberListItem): Option => ({ value: m.id, label: memberChoiceLabel(m) });
  if (!entrantIds) return members.map(option);
  const entered = new Set(entrantIds);
  const groups = [
    { group: eventName ? `Entered in ${eventName}` : 'Entered', items: members.filter((m) => entered.has(m.id)).map(option) },
    { group: NOT_ENTERED_GROUP, items: members.filter((m) => !entered.has(m.id)).map(option) },
  ];
  return groups.filter((g) => g.items.length > 0);
}

/**
 * 'Member' on the catch form: whom the catch is logged for, from the members list, with the chosen
 * event's entrants first and a note when someone not entered is chosen. A guest's own name, fixed, for a guest.
 */
export function MemberPicker({
  members,
  guest,
  event,
  value,
  error,
  onChange,
}: {
  members: readonly MemberListItem[] | undefined;
  guest?: { memberId: string; name: string };
  event: { id: string; name: string } | undefined;
  value: string;
  error?: string;
  onChange: (memberId: string) => void;
}) {
  const trpc = useTRPC();
  const entrants = useQuery({
    ...trpc.members.entrants.queryOptions(event && !guest && members ? { eventId: event.id } : skipToken),
    // Asked afresh for each form: the committee may have added an entrant at the ramp since.
    staleTime: 0,
  });
  const entrantIds = entrants.data && entrants.data.eventId === event?.id ? entrants.data.memberIds : null;
  const notEntered = Boolean(entrantIds && value && !entrantIds.includes(value));
  return (
    <>
      <NativeSelect
        id="catch-member"
        size="lg"
        label="Member"
        required
        value={value}
        disabled={Boolean(guest)}
        onChange={(e) => onChange(e.currentTarget.value)}
        error={error}
        data={[
          { value: '', label: 'Select member' },
          ...(guest ? [{ value: guest.memberId, label: guest.name }] : memberOptions(members ?? [], entrantIds, event?.name)),
        ]}
      />
      {notEntered && event && (
        <Text size="sm" c="orange.8" data-testid="catch-member-not-entered">
          Not entered in {event.name}: only entrants&apos; catches count. The committee can add an entrant on the day.
        </Text>
      )}
    </>
  );
}
