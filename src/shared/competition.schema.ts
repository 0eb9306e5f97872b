import { z } from 'zod';
import { CATCH_SIZE_MAX_CM, roundSizeCm } from './catches';
import { speciesName } from './species-rules';
import { MYSTERY_FISH_STATES, YEAR_MONTH } from './competition';

// The mystery fish and the fish picture of the month: what the committee's and members' screens and the server share.

const eventId = z.uuid({ error: 'That is not a valid event id.' });
const lengthMessage = (what: string) => `${what} must be a length in cm between 0.1 and ${CATCH_SIZE_MAX_CM}.`;
const lengthCm = (what: string) =>
  z
    .number({ error: lengthMessage(what) })
    .min(0.1, lengthMessage(what))
    .max(CATCH_SIZE_MAX_CM, lengthMessage(what))
    .transform(roundSizeCm);

/** The committee seals (or re-seals) an event's mystery fish: a species and an exact length or a range. */
export const mysteryFishInput = z.object({
  eventId,
  species: speciesName,
  length: z.discriminatedUnion(
    'kind',
    [
      z.object({ kind: z.literal('exact'), lengthCm: lengthCm('The length') }),
      z
        .object({ kind: z.literal('range'), minCm: lengthCm('The shortest length'), maxCm: lengthCm('The longest length') })
        .refine((r) => r.maxCm > r.minCm, { path: ['maxCm'], message: 'The longest length must be more than the shortest.' }),
    ],
    { error: "Please choose 'Exact length' or 'Range' and give the length." },
  ),
});
export type MysteryFishInput = z.input<typeof mysteryFishInput>;

export const mysteryFishEventInput = z.object({ eventId });

const mysteryWinner = z.object({
  anglerName: z.string(),
  sizeCm: z.number(),
  caughtAt: z.string(),
  /** The winning catch's photo: only once its event's fishing has closed (always, as revealing waits for that). */
  thumbnailUrl: z.string().nullable(),
  photoUrl: z.string().nullable(),
});

/**
 * An event's mystery fish as anyone may read it: only whether one is set until the committee reveals it, then the
 * species, the length and the winner (null: 'No winner'). Never a position.
 */
export const mysteryFishView = z.object({
  eventId: z.string(),
  eventName: z.string(),
  state: z.enum(MYSTERY_FISH_STATES),
  species: z.string().optional(),
  lengthText: z.string().optional(),
  winner: mysteryWinner.nullable().optional(),
  /** '$100 cash'. */
  prize: z.string(),
});
export type MysteryFishView = z.infer<typeof mysteryFishView>;

/** The committee's view: who sealed it and when, and when it may be revealed; the fish itself still only once revealed. */
export const mysteryFishAdminView = mysteryFishView.extend({
  sealedByName: z.string().nullable(),
  sealedAt: z.string().nullable(),
  revealedByName: z.string().nullable(),
  revealedAt: z.string().nullable(),
  /** When the event's fishing closes: revealing waits for it, and sealing stops then. */
  fishingClosesAt: z.string(),
  /** Catches of the event still waiting for the judges (revealing waits for them too). */
  pendingCatches: z.number(),
});
export type MysteryFishAdminView = z.infer<typeof mysteryFishAdminView>;

// ---------- The fish picture of the month ----------

export const monthInput = z.object({
  month: z.string({ error: 'Please give the month as YYYY-MM.' }).regex(YEAR_MONTH, 'Please give the month as YYYY-MM.'),
});

export const pictureVoteInput = z.object({ catchId: z.uuid({ error: 'That is not a valid catch id.' }) });

/** A candidate photo: a verified catch of the month whose event's fishing has closed. */
export const pictureCandidate = z.object({
  catchId: z.string(),
  anglerName: z.string(),
  species: z.string(),
  sizeCm: z.number(),
  eventName: z.string(),
  caughtAt: z.string(),
  thumbnailUrl: z.string(),
  photoUrl: z.string(),
  /** The member's own catch (as angler or as the one who logged it): no vote for it. */
  mine: z.boolean(),
});
export type PictureCandidate = z.infer<typeof pictureCandidate>;

const pictureWinner = z.object({
  catchId: z.string().nullable(),
  anglerName: z.string(),
  species: z.string(),
  sizeCm: z.number(),
  eventName: z.string(),
  votes: z.number(),
  thumbnailUrl: z.string().nullable(),
  photoUrl: z.string().nullable(),
});

/** A month's vote as a member sees it: the candidates, their own vote, whether they may vote, and the winner once closed. */
export const pictureMonthView = z.object({
  month: z.string(),
  monthLabel: z.string(),
  closed: z.boolean(),
  /** Once closed: the winner, or null when no vote was cast. */
  winner: pictureWinner.nullable(),
  candidates: z.array(pictureCandidate),
  /** Verified catches of the month whose photos wait for their event's fishing to close. */
  waitingForFishingToClose: z.number(),
  myVoteCatchId: z.string().nullable(),
  /** Null when the caller may vote; otherwise the sentence why not. */
  cannotVote: z.string().nullable(),
  /** The months whose vote is still open (newest first), to switch between. */
  openMonths: z.array(z.object({ month: z.string(), monthLabel: z.string() })),
  prize: z.string(),
});
export type PictureMonthView = z.infer<typeof pictureMonthView>;

/** The winner of a closed month, for the public home and the presentation. */
export const pictureWinnerView = z.object({ month: z.string(), monthLabel: z.string(), winner: pictureWinner, prize: z.string() });
export type PictureWinnerView = z.infer<typeof pictureWinnerView>;

/** The committee's view of a month: the tally, and whether it can be closed. */
export const pictureMonthAdminView = z.object({
  month: z.string(),
  monthLabel: z.string(),
  closed: z.boolean(),
  closedByName: z.string().nullable(),
  closedAt: z.string().nullable(),
  /** Null when the month can be closed; otherwise why not yet. */
  cannotClose: z.string().nullable(),
  totalVotes: z.number(),
  tally: z.array(pictureCandidate.omit({ mine: true }).extend({ votes: z.number() })),
  winner: pictureWinner.nullable(),
});
export type PictureMonthAdminView = z.infer<typeof pictureMonthAdminView>;
