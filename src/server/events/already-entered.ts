import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../shared/errors';
import { alreadyEnteredMessage, samePerson, type PersonMarks } from '../../shared/same-person';
import { EventRegistration, type Event, type Member } from '../db/entities';

/** What tells this member row's person from another (`samePerson`). */
export const marksOf = (member: Member): PersonMarks => ({
  memberId: member.id,
  guest: member.isGuest,
  firstName: member.firstName,
  lastName: member.lastName,
  email: member.email ?? null,
  dateOfBirth: member.dateOfBirth,
});

/**
 * Refuses adding someone already entered in the event (`samePerson`: the same member, the same walk-up guest added
 * twice, a member signed on again as a guest or a guest as a member), with who, as what and since when: asked by the
 * desk's Add guest and Add member under the event's row lock (`lockEvent`), so that of two desks adding one person at
 * once the second is told.
 */
export async function refuseIfAlreadyEntered(
  em: EntityManager,
  event: Pick<Event, 'id' | 'name'>,
  person: PersonMarks,
  now: Date,
): Promise<void> {
  const entries = await em.find(EventRegistration, { event: event.id }, { populate: ['member'] });
  const found = entries.find(({ member }) => samePerson(person, marksOf(member)));
  if (!found) return;
  const entrant = { name: `${found.member.firstName} ${found.member.lastName}`, guest: found.member.isGuest, enteredAt: found.createdAt };
  throw new AppError('CONFLICT', alreadyEnteredMessage(entrant, event.name, now));
}
