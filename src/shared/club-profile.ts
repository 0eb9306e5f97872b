import { z } from 'zod';
import { emailSchema, nameSchema, text } from './auth.schema';
import { STATE_NAMES, type AustralianState } from './club-profile-plain';
import { imageAddressMessage, isImageAddress } from './image-address';

export { CLUB_PROFILE_ID, regionLine, STATE_NAMES, type AustralianState } from './club-profile-plain';

const STATES = Object.keys(STATE_NAMES) as [AustralianState, ...AustralianState[]];

/** The zones Australian clubs keep, as the setup page offers them (any IANA zone is taken). */
export const AUSTRALIAN_ZONES: { zone: string; label: string }[] = [
  { zone: 'Australia/Sydney', label: 'Sydney, Canberra (NSW, ACT)' },
  { zone: 'Australia/Brisbane', label: 'Brisbane (QLD, no daylight saving)' },
  { zone: 'Australia/Melbourne', label: 'Melbourne (VIC)' },
  { zone: 'Australia/Hobart', label: 'Hobart (TAS)' },
  { zone: 'Australia/Adelaide', label: 'Adelaide (SA)' },
  { zone: 'Australia/Broken_Hill', label: 'Broken Hill (far west NSW)' },
  { zone: 'Australia/Darwin', label: 'Darwin (NT)' },
  { zone: 'Australia/Perth', label: 'Perth (WA)' },
  { zone: 'Australia/Lord_Howe', label: 'Lord Howe Island' },
];

/** Whether the runtime knows this IANA time zone ('Australia/Brisbane'). */
export function isTimeZone(zone: string): boolean {
  try {
    // Intl refuses a zone it does not know (a RangeError).
    Intl.DateTimeFormat('en-AU', { timeZone: zone });
    return zone.includes('/');
  } catch {
    return false;
  }
}

/** An Australian Business Number: 11 digits whose weighted sum (the first less one) divides by 89. */
export function isAbn(digits: string): boolean {
  if (!/^\d{11}$/.test(digits)) return false;
  const weights = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
  const sum = [...digits].reduce((total, d, i) => total + (Number(d) - (i === 0 ? 1 : 0)) * weights[i], 0);
  return sum % 89 === 0;
}

/** '51824753556' as the ATO prints it: '51 824 753 556'. */
export const formatAbn = (abn: string) => abn.replace(/^(\d{2})(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3 $4');

const colour = (label: string) =>
  text(label)
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, `${label} must be a colour like #1971c2.`)
    .transform((v) => v.toLowerCase());

const phrase = (label: string, max: number) =>
  nameSchema(label).refine((v) => v.length <= max, `${label} must be at most ${max} characters.`);

/**
 * The club as its pages, e-mails, PDFs, calendar files, exports and assistant name it. Chosen on the setup page,
 * changed in Admin → Club settings; read on the server through `ClubSettingsService` and in the app through
 * `useClub()`.
 */
export const clubProfileSchema = z.object({
  name: phrase('Club name', 80),
  shortName: phrase('Short name', 40),
  town: phrase('Town', 60),
  /** The area as a sentence names it: 'the Clarence Valley', 'Moreton Bay'. */
  area: phrase('Region', 60),
  /** What the club's people call where they fish: 'the Clarence', 'the Bay'. */
  localName: phrase('Local name', 40),
  state: z.enum(STATES, { error: 'State must be one of NSW, QLD, VIC, TAS, SA, WA, NT or ACT.' }),
  timeZone: text('Time zone').trim().refine(isTimeZone, 'Time zone must be a zone like Australia/Sydney or Australia/Brisbane.'),
  contactEmail: emailSchema,
  /** Blank when the club has none; spaces as typed are dropped. */
  abn: text('ABN')
    .transform((v) => v.replace(/\s+/g, ''))
    .refine((v) => v === '' || isAbn(v), 'ABN must be the club’s 11-digit Australian Business Number.'),
  gstRegistered: z.boolean({ error: 'Say whether the club is registered for GST.' }),
  /** The incorporated association's number, printed in the code of conduct; blank when none. */
  associationNumber: text('Association number').trim().max(30, 'Association number must be at most 30 characters.'),
  /** The club's logo beside its name in the site's header: an uploaded image or an https:// address; blank for the fish mark. */
  logoUrl: text('Logo')
    .trim()
    .refine((v) => v === '' || isImageAddress(v), imageAddressMessage('The logo')),
  colours: z.object({
    primary: colour('Main colour'),
    primaryDark: colour('Dark colour'),
    accent: colour('Accent colour'),
    sand: colour('Background colour'),
  }),
});
export type ClubProfile = z.output<typeof clubProfileSchema>;
export type ClubProfileInput = z.input<typeof clubProfileSchema>;

/** The club's GST standing in the words a receipt prints. */
export const gstLine = (club: Pick<ClubProfile, 'gstRegistered'>) =>
  club.gstRegistered ? 'Prices include GST.' : 'No GST is charged: the club is not registered for GST.';
