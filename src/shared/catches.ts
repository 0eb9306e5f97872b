// The species a catch can be logged as, and their legal sizes, are the club's (species.ts, read from its settings).

export const FATE = ['kept', 'released'] as const;
export type Fate = (typeof FATE)[number];

/** Where the phone POSTs a catch (docs/api.md): multipart, the fields of `catchSubmissionInput` plus the photo. */
export const CATCH_SUBMISSION_PATH = '/api/catches';
/** The multipart field that carries the catch photo. */
export const CATCH_PHOTO_FIELD = 'photo';

/** A catch's length in cm, as logged and as the judge corrects it: above 0, at most this, to a tenth of a cm. */
export const CATCH_SIZE_MAX_CM = 300;
export const CATCH_SIZE_MESSAGE = `Size must be a length in cm between 0.1 and ${CATCH_SIZE_MAX_CM}.`;
/** A length rounded to a tenth of a cm, as it is stored. */
export const roundSizeCm = (cm: number) => Math.round(cm * 10) / 10;
/** Whether a length (before rounding) is one a catch can have. */
export const isCatchSize = (cm: number) => Number.isFinite(cm) && cm > 0 && cm <= CATCH_SIZE_MAX_CM;

/** The automatic flags a judge sees on a catch (worked out on the server by `catchFlags`). */
export const CATCH_FLAGS = [
  'no_gps',
  /** The phone's position is outside the fishing area. */
  'phone_outside_area',
  /** The photo's own (EXIF) position is outside the fishing area: elsewhere, or offshore. */
  'photo_outside_area',
  /** The photo's and the phone's positions are more than PHOTO_PHONE_MAX_METRES apart. */
  'photo_far_from_phone',
  /** The photo carries no position of its own (EXIF GPS): where it was taken cannot be checked. */
  'no_photo_location',
  /** The same picture as an earlier catch's: the same file, or the picture re-saved, resized or cropped slightly. */
  'duplicate_photo',
  'no_camera_metadata',
  'photo_time_outside_hours',
  'photo_time_differs',
  'sent_late',
  /** Kept although under the species' legal minimum length. */
  'kept_under_minimum',
] as const;
export type CatchFlag = (typeof CATCH_FLAGS)[number];

/** The judge's plain-English reading of each flag. */
export const CATCH_FLAG_LABELS: Record<CatchFlag, string> = {
  no_gps: 'No GPS',
  phone_outside_area: 'Phone outside the fishing area',
  photo_outside_area: 'Photo taken outside the fishing area',
  photo_far_from_phone: 'Photo taken over 1 km from the phone',
  no_photo_location: 'No location in the photo',
  duplicate_photo: 'Same photo submitted before',
  no_camera_metadata: 'No camera metadata',
  photo_time_outside_hours: "Photo time outside the event's fishing hours",
  photo_time_differs: 'Photo taken over an hour from the logged time',
  sent_late: 'Logged without signal, sent later',
  kept_under_minimum: 'Kept under the legal minimum length',
};

/** A fish kept although shorter than its species' legal minimum length: the phone warns, and the judge is told. */
export function keptUnderMinimum(c: { fate: Fate; sizeCm: number; minimumCm: number | null }): boolean {
  return c.fate === 'kept' && c.minimumCm !== null && c.sizeCm < c.minimumCm;
}

/** The judge's reason for rejecting a catch, shown to the angler: trimmed, this many characters. */
export const REJECT_REASON_LENGTH = { min: 3, max: 300 } as const;
/** What the judge is told of a reason that is too short, on the form and by the server. */
export const REJECT_REASON_MESSAGE = `Please give the angler a reason (at least ${REJECT_REASON_LENGTH.min} characters).`;

export const RARITIES = ['common', 'rare', 'epic', 'legendary'] as const;
export type Rarity = (typeof RARITIES)[number];

export interface Achievement {
  id: string;
  title: string;
  description: string;
  icon: string;
  rarity: Rarity;
  points: number;
  fishType: string;
  size?: number;
  weight?: number;
}

interface CatchFacts {
  fishType: string;
  sizeCm: number;
  /** Always 0 on the logging form. */
  weightKg?: number;
  fate: Fate;
}

/**
 * The club's achievement rules, evaluated in their order; the first that matches wins. Because the
 * 40 cm rule comes before it, 'Jewfish Master!' can never be awarded; the order is kept as specified.
 */
const RULES: (Omit<Achievement, 'fishType' | 'size' | 'weight'> & { test: (c: CatchFacts) => boolean })[] = [
  {
    test: (c) => c.sizeCm >= 50,
    id: 'monster',
    title: 'Monster Catch!',
    description: 'A fish of 50 cm or more.',
    icon: '🐋',
    rarity: 'legendary',
    points: 100,
  },
  {
    test: (c) => c.sizeCm >= 40,
    id: 'big',
    title: 'Big Fish!',
    description: 'A fish of 40 cm or more.',
    icon: '🎣',
    rarity: 'epic',
    points: 50,
  },
  {
    test: (c) => c.sizeCm >= 30,
    id: 'keeper',
    title: 'Keeper Size!',
    description: 'A fish of 30 cm or more.',
    icon: '📏',
    rarity: 'rare',
    points: 25,
  },
  {
    test: (c) => (c.weightKg ?? 0) >= 5,
    id: 'heavy',
    title: 'Heavy Hitter!',
    description: 'A fish of 5 kg or more.',
    icon: '⚖️',
    rarity: 'epic',
    points: 75,
  },
  {
    test: (c) => c.fishType === 'Mulloway' && c.sizeCm >= 45,
    id: 'jewfish',
    title: 'Jewfish Master!',
    description: 'A mulloway of 45 cm or more.',
    icon: '👑',
    rarity: 'legendary',
    points: 150,
  },
  {
    test: (c) => c.fate === 'released',
    id: 'conservationist',
    title: 'Conservationist!',
    description: 'Released to fight another day.',
    icon: '🌊',
    rarity: 'rare',
    points: 30,
  },
  { test: () => true, id: 'nice', title: 'Nice Catch!', description: 'Every fish counts.', icon: '🐟', rarity: 'common', points: 10 },
];

export function achievementFor(c: CatchFacts): Achievement {
  const rule = RULES.find((r) => r.test(c))!;
  return {
    id: rule.id,
    title: rule.title,
    description: rule.description,
    icon: rule.icon,
    rarity: rule.rarity,
    points: rule.points,
    fishType: c.fishType,
    size: c.sizeCm,
    weight: c.weightKg ?? 0,
  };
}

/** How many of a member's latest catches the portal asks for (its recent catches and the dashboard's three). */
export const RECENT_CATCHES = 5;
/** How many more of their catches the member's full list shows at a time. */
export const MY_CATCHES_PAGE = 20;
