import { ageLimitRefusal, divisionOn } from '../../../shared/entries';
import type { EventView, MemberRegistration } from '../../../shared/events.schema';
import type { MemberProfile } from '../../../shared/members.schema';
import type { MembershipRules } from '../../../shared/membership';

/** Someone 'Enter with my juniors' offers. */
export interface HouseholdEntrant {
  id: string;
  firstName: string;
  lastName: string;
  self: boolean;
}

/**
 * Whom the household's adult may enter in an event, as the server rules it: their household's current members who
 * are juniors on the event's day (under the club's junior age) (whatever the membership type: a family's juniors too), and themselves, each only
 * when not entered already and of the event's ages. Nobody else is entered by a junior.
 */
export function householdEntrants(
  rules: Pick<MembershipRules, 'juniorUnder'>,
  event: Pick<EventView, 'id' | 'eventDate' | 'ageLimit'>,
  profile: MemberProfile,
  registrations: Pick<MemberRegistration, 'eventId' | 'memberId'>[],
): { self: HouseholdEntrant | null; juniors: HouseholdEntrant[] } {
  const entered = new Set(registrations.filter((r) => r.eventId === event.id).map((r) => r.memberId ?? profile.id));
  const mayEnter = (id: string, dateOfBirth: string) => !entered.has(id) && ageLimitRefusal(rules, event, dateOfBirth) === null;
  const self = mayEnter(profile.id, profile.dateOfBirth)
    ? { id: profile.id, firstName: profile.firstName, lastName: profile.lastName, self: true }
    : null;
  if (divisionOn(rules, profile.dateOfBirth, event.eventDate) === 'junior') return { self, juniors: [] };
  const juniors = profile.household
    .filter(
      (m) =>
        m.id !== profile.id &&
        m.current !== false &&
        m.dateOfBirth !== undefined &&
        divisionOn(rules, m.dateOfBirth, event.eventDate) === 'junior' &&
        mayEnter(m.id, m.dateOfBirth),
    )
    .map((m) => ({ id: m.id, firstName: m.firstName, lastName: m.lastName, self: false }));
  return { self, juniors };
}
