/**
 * Competition entries: what an entry costs, when entries close, and how an entry stands on the day. Plain
 * constants and rules (no zod), read by the server, the event card, the sign-on desk and the guest pages.
 */
import { clubToday, formatAuDate, formatClubTime, type IsoDate } from './dates';
import { ageLimitMessages, type EventAgeLimit } from './events';
import type { CompetitionRules } from './competition';
import { formatAud, type MembershipRules } from './membership';
import { resultDivisionOn, type ResultDivision } from './results';

/** How long sign-on runs from an event's start (the club's competition rules); entries close when it ends unless the committee says otherwise. */
export type SignOnRules = Pick<CompetitionRules, 'times'>;

/** What an event's prices and close are read from (cents; a null junior price means the member price). */
export interface EntryTerms {
  eventDate: Date | string;
  entriesCloseAt?: Date | string | null;
  memberFeeCents: number;
  nonMemberFeeCents: number;
  juniorFeeCents?: number | null;
}

/** When entries close: the committee's time, or the end of sign-on (the start plus the club's sign-on hours). */
export function entriesCloseAt(rules: SignOnRules, event: Pick<EntryTerms, 'eventDate' | 'entriesCloseAt'>): Date {
  if (event.entriesCloseAt) return new Date(event.entriesCloseAt);
  return new Date(new Date(event.eventDate).getTime() + rules.times.signOnHours * 3600_000);
}

/** '9:00 am on 21/11/2026': when entries close (already worked out, `entriesCloseAt`), as people read it. */
export function entriesCloseText(event: { entriesCloseAt: Date | string }): string {
  const at = new Date(event.entriesCloseAt);
  return `${formatClubTime(at)} on ${formatAuDate(clubToday(at))}`;
}

/** The sentence an entry after the close is refused with. */
export const entriesClosedMessage = (rules: SignOnRules, event: Pick<EntryTerms, 'eventDate' | 'entriesCloseAt'> & { name: string }) =>
  `Entries for ${event.name} closed at ${entriesCloseText({ entriesCloseAt: entriesCloseAt(rules, event) })}. The committee can still sign you on at the sign-on desk.`;

// One rule for the divisions: the results' (src/shared/results.ts), under the names the entries use.
export { RESULT_DIVISIONS as DIVISIONS, RESULT_DIVISION_LABELS as DIVISION_LABELS, type ResultDivision as Division } from './results';

type JuniorAge = Pick<MembershipRules, 'juniorUnder'>;

/** The entrant's division at the event: Juniors while a junior on its day (club time), Open otherwise. */
export const divisionOn = (rules: JuniorAge, dateOfBirth: IsoDate, eventDate: Date | string): ResultDivision =>
  resultDivisionOn(rules, dateOfBirth, clubToday(new Date(eventDate)));

/**
 * Why this person may not enter an event limited by age, or null when they may: their division on its day
 * decides (Juniors under the club's junior age, Open from it), the one rule for entries, results and who may enter.
 */
export function ageLimitRefusal(
  rules: JuniorAge,
  event: { ageLimit?: EventAgeLimit; eventDate: Date | string },
  dateOfBirth: IsoDate,
): string | null {
  const limit = event.ageLimit ?? 'anyone';
  if (limit === 'anyone') return null;
  const junior = divisionOn(rules, dateOfBirth, event.eventDate) === 'junior';
  return (limit === 'juniors') === junior ? null : ageLimitMessages(rules)[limit];
}

/** The price of one entrant, in cents: a guest pays the non-member price, a junior the junior price when there is one. */
export function entryFeeCents(rules: JuniorAge, event: EntryTerms, person: { guest: boolean; dateOfBirth: IsoDate }): number {
  if (person.guest) return event.nonMemberFeeCents;
  if (
    divisionOn(rules, person.dateOfBirth, event.eventDate) === 'junior' &&
    event.juniorFeeCents !== null &&
    event.juniorFeeCents !== undefined
  )
    return event.juniorFeeCents;
  return event.memberFeeCents;
}

/** What the sign-on desk counts: who entered, who is checked in, who has paid, and whose fee is still to take. */
export function deskCounts(entrants: { checkedInAt: string | null; paymentState: EntryPaymentState; heldUntil?: string | null }[]) {
  return {
    entered: entrants.length,
    checkedIn: entrants.filter((e) => e.checkedInAt).length,
    paid: entrants.filter((e) => e.paymentState === 'paid').length,
    toPay: entrants.filter((e) => e.paymentState === 'unpaid' || e.paymentState === 'pay_at_sign_on').length,
    held: entrants.filter((e) => e.heldUntil).length,
  };
}

/**
 * How an entry stands for its money: free (no fee), unpaid (to pay online), pay_at_sign_on (the entrant pays at the
 * desk), paid, refunded (the entry's payment was returned: a cancelled event).
 */
export const ENTRY_PAYMENT_STATES = ['free', 'unpaid', 'pay_at_sign_on', 'paid', 'refunded'] as const;
export type EntryPaymentState = (typeof ENTRY_PAYMENT_STATES)[number];
export const ENTRY_PAYMENT_LABELS: Record<EntryPaymentState, string> = {
  free: 'Free',
  unpaid: 'Unpaid',
  pay_at_sign_on: 'Pay at sign-on',
  paid: 'Paid',
  refunded: 'Refunded',
};

export function entryPaymentState(entry: {
  feeCents: number;
  paidAt?: Date | string | null;
  refundedAt?: Date | string | null;
  payAtSignOn: boolean;
}): EntryPaymentState {
  if (entry.refundedAt) return 'refunded';
  if (entry.paidAt) return 'paid';
  if (entry.feeCents <= 0) return 'free';
  return entry.payAtSignOn ? 'pay_at_sign_on' : 'unpaid';
}

/** 'Members $10.00 · Juniors $5.00 · Non-members $15.00', or 'Free for members · Non-members $15.00'. */
export function entryPricesText(prices: { memberFee: string; juniorFee: string | null; nonMemberFee: string }): string {
  const cents = (amount: string) => Math.round(Number(amount) * 100);
  const price = (amount: string) => (cents(amount) > 0 ? formatAud(cents(amount)) : 'free');
  const parts = [cents(prices.memberFee) > 0 ? `Members ${price(prices.memberFee)}` : 'Free for members'];
  if (prices.juniorFee !== null && cents(prices.juniorFee) !== cents(prices.memberFee)) parts.push(`Juniors ${price(prices.juniorFee)}`);
  parts.push(`Non-members ${price(prices.nonMemberFee)}`);
  return parts.join(' · ');
}

/** 'Entry: Members $10.00 · Non-members $15.00' for an event's card, or null from a server that does not say. */
export function entryPricesLine(event: { memberFee?: string; juniorFee?: string | null; nonMemberFee?: string }): string | null {
  if (event.memberFee === undefined || event.nonMemberFee === undefined) return null;
  return `Entry: ${entryPricesText({ memberFee: event.memberFee, juniorFee: event.juniorFee ?? null, nonMemberFee: event.nonMemberFee })}`;
}

/** 'Entries close 9:00 am on 05/12/2026', or null from a server that does not say. */
export function entriesCloseLine(event: { eventDate: string; entriesCloseAt?: string }): string | null {
  return event.entriesCloseAt ? `Entries close ${entriesCloseText({ entriesCloseAt: event.entriesCloseAt })}` : null;
}
