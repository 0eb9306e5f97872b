import { entryFeeCents, type EntryTerms } from '../../shared/entries';
import type { Event, Member } from '../db/entities';
import type { JuniorAge } from './entry-gate';

/** An event's prices and close, as shared/entries reads them (the member price is the registration fee column). */
export const termsOf = (event: Event): EntryTerms => ({
  eventDate: event.eventDate,
  entriesCloseAt: event.entriesCloseAt ?? null,
  memberFeeCents: event.registrationFeeCents,
  nonMemberFeeCents: event.nonMemberFeeCents,
  juniorFeeCents: event.juniorFeeCents ?? null,
});

/** What one person pays to enter this event (a junior by the club's junior age, `rules`, on its day). */
export const priceFor = (rules: JuniorAge, event: Event, member: Pick<Member, 'isGuest' | 'dateOfBirth'>) =>
  entryFeeCents(rules, termsOf(event), { guest: member.isGuest, dateOfBirth: member.dateOfBirth });
