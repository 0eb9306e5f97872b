import type { MemberListItem } from '../../../shared/members.schema';
import { memberChoiceLabel } from '../../../shared/member-names';

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
