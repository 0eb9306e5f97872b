import { z } from 'zod';
import { text } from './auth.schema';
import {
  CATCH_FLAGS,
  CATCH_SIZE_MAX_CM,
  CATCH_SIZE_MESSAGE,
  FATE,
  isCatchSize,
  REJECT_REASON_LENGTH,
  REJECT_REASON_MESSAGE,
  roundSizeCm,
} from './catches';
import { speciesName } from './species-rules';

export { CATCH_FLAGS, type CatchFlag } from './catches';
import { isIsoDate } from './dates';
import { mysteryFishView } from './competition.schema';
import { RESULT_DIVISIONS } from './results';

const trueFlag = (message: string) => z.union([z.literal(true), z.literal('true')], { error: message }).transform(() => true as const);

/** A number as a form field sends it ('32.4'); hex, exponents and other things `Number()` would take become NaN. */
const decimal = (value: string | number) =>
  typeof value === 'number' || /^\s*\d{1,6}(\.\d{1,6})?\s*$/.test(value) ? Number(value) : Number.NaN;

/** 'lat, lng' with 6 decimals, or 'GPS not available'. */
export const GPS_UNAVAILABLE = 'GPS not available';

/** The fields of a catch submission; multipart sends them as text. */
export const catchSubmissionInput = z.object({
  fishType: speciesName,
  size: z
    .union([z.string(), z.number()], { error: 'Size is required.' })
    .transform(decimal)
    .refine(isCatchSize, CATCH_SIZE_MESSAGE)
    .transform(roundSizeCm),
  fishKeptOrReleased: z.enum(FATE, { error: 'Please say whether the fish was kept or released.' }),
  eventId: z.uuid({ error: 'Please choose the event.' }),
  memberId: z.uuid({ error: 'Please choose the member who caught the fish.' }),
  rulesWaiverAccepted: trueFlag('Please accept the competition rules and waiver.'),
  dataAccuracyAcknowledged: trueFlag('Please confirm the accuracy of your data.'),
  gpsCoordinates: text('GPS coordinates')
    .trim()
    .max(60)
    .optional()
    .refine(
      (v) => !v || v === GPS_UNAVAILABLE || /^-?\d{1,2}\.\d{1,8}, ?-?\d{1,3}\.\d{1,8}$/.test(v),
      "GPS coordinates must be 'lat, lng' or 'GPS not available'.",
    ),
  /** A client-generated id: the same id twice stores one catch (a retry or a double tap). */
  clientId: z.uuid({ error: 'clientId must be a UUID.' }).optional(),
  /** When the catch was logged on the phone (it may be sent hours later, once there is signal). */
  loggedAt: z.iso.datetime({ offset: true, error: 'loggedAt must be an ISO date and time.' }).optional(),
});
export type CatchSubmission = z.output<typeof catchSubmissionInput>;
/** The text fields of a catch submission as a form sends them (the photo goes in CATCH_PHOTO_FIELD). */
export type CatchSubmissionFields = z.input<typeof catchSubmissionInput>;

/** A catch logged without signal may arrive this many days after its event day, and no later. */
export const LATE_CATCH_DAYS = 7;
export const CATCH_STATUSES = ['pending', 'verified', 'rejected'] as const;

/** A catch as its angler sees it, with the achievement it earned. */
export const catchView = z.object({
  id: z.string(),
  fishType: z.string(),
  size: z.number(),
  fishKeptOrReleased: z.enum(FATE),
  catchTime: z.string(),
  date: z.string(),
  verified: z.boolean(),
  status: z.enum(CATCH_STATUSES),
  eventId: z.string(),
  eventName: z.string(),
  /** The event's location, never the GPS position. */
  location: z.string(),
  anglerName: z.string(),
  photoUrl: z.string(),
  thumbnailUrl: z.string(),
  /** The judge's reason, shown to the angler, when the catch was not accepted. */
  rejectReason: z.string().nullable(),
});
export type CatchView = z.infer<typeof catchView>;

/** A page of the caller's own catches: `limit` from the `cursor`-th newest (the list pages on with 'Show more'). */
export const myCatchesInput = z.object({
  limit: z.number().int().min(1).max(200).optional(),
  cursor: z.number().int().min(0).max(1_000_000).optional(),
});

export const fishingSessionInput = z.object({
  eventId: z.uuid({ error: 'Please choose the event.' }),
  memberId: z.uuid({ error: 'Please choose the member.' }),
  hoursSpent: z
    .union([z.number(), z.string()], { error: 'Hours are required.' })
    .transform(decimal)
    .refine(
      (v) => Number.isFinite(v) && v >= 0 && v <= 24 && Math.round(v * 2) === v * 2,
      'Hours must be between 0 and 24, in half hours.',
    ),
  sessionDate: text('Session date').refine(isIsoDate, 'Session date must be YYYY-MM-DD.'),
});

/** A catch as the judge sees it: everything, including positions and the photo's own facts. */
export const judgeCatchView = catchView.extend({
  anglerId: z.string(),
  /** Whether the angler is entered in the event (only entrants score; older catches may predate the rule). */
  anglerEntered: z.boolean(),
  /** Who logged it, when that was someone else than the angler (a parent for a junior, a mate's phone). */
  submittedByName: z.string().nullable(),
  gpsText: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  photoTakenAt: z.string().nullable(),
  photoLatitude: z.number().nullable(),
  photoLongitude: z.number().nullable(),
  photoCamera: z.string().nullable(),
  flags: z.array(z.enum(CATCH_FLAGS)),
  clubCode: z.string().nullable(),
  eventDate: z.string(),
  /** When the site received it (later than catchTime when it waited on the phone for signal). */
  receivedAt: z.string(),
  /** The earlier catch whose photo this one's is (the same file, or the same picture re-saved, resized or cropped). */
  duplicateOf: z.object({ id: z.string(), anglerName: z.string(), eventName: z.string(), caughtAt: z.string() }).nullable(),
});
export type JudgeCatchView = z.infer<typeof judgeCatchView>;

/** How alike a suspected copy's photo is to the earlier catch's, as the duplicate-photo check measures it. */
export const photoLikeness = z.object({
  /** 'same_file': byte for byte the same file; 'same_picture': the same picture saved again (re-compressed, resized, cropped). */
  kind: z.enum(['same_file', 'same_picture']),
  /** Once the two are lined up, the mean difference of their grey levels (0-255); null for the same file or when not measurable. */
  difference: z.number().nullable(),
  /** How much of the earlier picture this one shows (0-1); null for the same file or when not measurable. */
  shownShare: z.number().nullable(),
  /** The measure in a judge's words. */
  summary: z.string(),
});
export type PhotoLikeness = z.infer<typeof photoLikeness>;

/** A catch whose photo copies an earlier catch's, beside that catch, to judge side by side. */
export const catchComparison = z.object({ suspect: judgeCatchView, earlier: judgeCatchView, likeness: photoLikeness });
export type CatchComparison = z.infer<typeof catchComparison>;

export const judgeInput = z.discriminatedUnion(
  'action',
  [
    z.object({
      action: z.literal('approve'),
      id: z.uuid({ error: 'That is not a valid catch id.' }),
      /** Corrections the judge makes while approving. */
      size: z.number().positive(CATCH_SIZE_MESSAGE).max(CATCH_SIZE_MAX_CM, CATCH_SIZE_MESSAGE).optional(),
      fishType: speciesName.optional(),
    }),
    z.object({
      action: z.literal('reject'),
      id: z.uuid({ error: 'That is not a valid catch id.' }),
      reason: text('Reason')
        .trim()
        .min(REJECT_REASON_LENGTH.min, REJECT_REASON_MESSAGE)
        .max(REJECT_REASON_LENGTH.max, `The reason must be at most ${REJECT_REASON_LENGTH.max} characters.`),
    }),
  ],
  { error: "Action must be 'approve' or 'reject'." },
);
export type JudgeInput = z.output<typeof judgeInput>;

/** A placed catch on the public results: names, species, sizes and photos, never a position. */
export const resultPlacing = z.object({
  place: z.number(),
  points: z.number(),
  /** '$100 tackle voucher': what the club's competition rules give the place (`placePrize`), null beyond its prizes. */
  prize: z.string().nullable(),
  anglerName: z.string(),
  size: z.number(),
  catchId: z.string(),
  thumbnailUrl: z.string().nullable(),
  /** The photo itself, to enlarge; null like the thumbnail while fishing is open. */
  photoUrl: z.string().nullable(),
});
export type ResultPlacing = z.infer<typeof resultPlacing>;

/** One species of one division: its three longest verified catches. */
export const resultCategory = z.object({
  species: z.string(),
  /** Juniors (under the club's junior age on the event's day) or Open; every category is Open at an event without divisions. */
  division: z.enum(RESULT_DIVISIONS),
  placings: z.array(resultPlacing),
});
export type ResultCategory = z.infer<typeof resultCategory>;

/** Public results: names, species, sizes and photos, never a position. */
export const eventResults = z.object({
  eventId: z.string(),
  eventName: z.string(),
  /**
   * While fishing is still open: when it closes, and until then the placings carry no photo (the brag mat shows
   * the day's code). Null once the photos are shown.
   */
  photosFrom: z.string().nullable(),
  /** Whether the event places Juniors and Open apart (an event may have one Open division for everyone). */
  divisions: z.boolean(),
  /** Per division (Juniors first) and species, those with a placed catch only. */
  categories: z.array(resultCategory),
  /**
   * Catches of the event waiting for the judges: while there are any the results are provisional (`provisionalText`).
   * Always sent by the server; optional so that older answers still read.
   */
  pending: z.number().optional(),
  /**
   * 'final' once fishing has closed and every catch is judged; 'provisional' until then (what the screens, the
   * exports and the board say). Always sent by the server; optional so that older answers still read.
   */
  status: z.enum(['provisional', 'final']).optional(),
});
export type EventResults = z.infer<typeof eventResults>;

/**
 * Champion points of a season per division: an angler has a row for each division they placed in (a junior who
 * turns 16 during the season starts again in Open). Highest first within a division.
 */
export const seasonLadder = z.array(
  z.object({ memberId: z.string(), anglerName: z.string(), division: z.enum(RESULT_DIVISIONS), points: z.number() }),
);

/** How settled a season's ladder is: catches of its events still waiting for the judges (the ladder is provisional). */
export const ladderStatus = z.object({ year: z.number(), pending: z.number() });
export type LadderStatus = z.infer<typeof ladderStatus>;

/** The season's champion points as the presentation shows them: the top five per division, and how settled they are. */
export const championPointsView = ladderStatus.extend({ standings: seasonLadder });
export type ChampionPointsView = z.infer<typeof championPointsView>;

/**
 * An event's live board: its results as they stand, whether they may still change, and when fishing opens and
 * closes. Public (the page at the ramp, a TV, a script following GET /api/events/{id}/live): never a position,
 * and no photo while fishing is open.
 */
export const liveBoard = eventResults.extend({
  location: z.string(),
  eventDate: z.string(),
  fishingOpens: z.string(),
  fishingCloses: z.string(),
  fishingClosed: z.boolean(),
  /** Catches of the event waiting for the judges. */
  pending: z.number(),
  /** 'final' once fishing has closed and every catch is judged; 'provisional' until then. */
  status: z.enum(['provisional', 'final']),
  /**
   * The champion points of the event's season (its calendar year), as they stand with this event's results. Always
   * sent by the server; optional so that older answers (kept on a phone) still read.
   */
  championPoints: championPointsView.optional(),
  /** The event's mystery fish: none, sealed, or once revealed the fish and its winner. Always sent; optional as above. */
  mysteryFish: mysteryFishView.optional(),
});
export type LiveBoard = z.infer<typeof liveBoard>;
