import { z } from 'zod';
import { text } from './auth.schema';
import { MEMBER_STATUSES, MEMBERSHIP_TYPES } from './membership';

/** One membership card, as the portal draws it (and keeps on the phone for use without signal). */
export const memberCardView = z.object({
  memberId: z.string(),
  /** The caller's own card (the others are their household's). */
  own: z.boolean(),
  name: z.string(),
  membershipType: z.enum(MEMBERSHIP_TYPES),
  /** As on the day it was fetched: 'active' only while paid up; the card itself compares the expiry with today. */
  status: z.enum(MEMBER_STATUSES),
  memberSince: z.string().nullable(),
  expiryDate: z.string().nullable(),
  /** The last day of a suspension by the committee, while one lasts. */
  suspendedUntil: z.string().nullable(),
  /** What the QR code holds: the committee's phone camera opens it. */
  verifyUrl: z.string(),
  issuedAt: z.string(),
});
export type MemberCardView = z.infer<typeof memberCardView>;

/** The caller's card first, then their household's (a parent shows a junior's card). */
export const memberCards = z.object({ cards: z.array(memberCardView) });
export type MemberCards = z.infer<typeof memberCards>;

export const cardMemberInput = z.object({ memberId: z.uuid({ error: 'Please choose a member of your household.' }) });

export const verifyCardInput = z.object({ code: text('Card code').max(200, 'That is not a membership card code.') });

/**
 * What /verify shows: the same shape for every code. `current` only for a paid-up, unsuspended member; `name` for a
 * card the club issued (current or not); an unknown, guessed or replaced code gets `{ current: false, name: null }`.
 */
export const cardCheck = z.object({ current: z.boolean(), name: z.string().nullable(), checkedAt: z.string() });
export type CardCheck = z.infer<typeof cardCheck>;
