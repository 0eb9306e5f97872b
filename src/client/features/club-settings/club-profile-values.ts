import type { ClubProfile, ClubProfileInput } from '../../../shared/club-profile';

/** The club's profile as a form holds it: one text or flag per field (the colours side by side with the rest). */
export interface ClubProfileValues {
  name: string;
  shortName: string;
  town: string;
  area: string;
  localName: string;
  state: string;
  timeZone: string;
  contactEmail: string;
  abn: string;
  gstRegistered: boolean;
  associationNumber: string;
  logoUrl: string;
  primary: string;
  primaryDark: string;
  accent: string;
  sand: string;
}

export const profileValues = (p: ClubProfile): ClubProfileValues => ({
  name: p.name,
  shortName: p.shortName,
  town: p.town,
  area: p.area,
  localName: p.localName,
  state: p.state,
  timeZone: p.timeZone,
  contactEmail: p.contactEmail,
  abn: p.abn,
  gstRegistered: p.gstRegistered,
  associationNumber: p.associationNumber,
  logoUrl: p.logoUrl,
  ...p.colours,
});

/** A new club's form: its colours and zone start from the example's; the words are the club's to type. */
export const blankProfileValues = (example: ClubProfile): ClubProfileValues => ({
  ...profileValues(example),
  name: '',
  shortName: '',
  town: '',
  area: '',
  localName: '',
  contactEmail: '',
  abn: '',
  associationNumber: '',
});

export function profileInput(v: ClubProfileValues): ClubProfileInput {
  const { primary, primaryDark, accent, sand, state, ...words } = v;
  return { ...words, state: state as ClubProfileInput['state'], colours: { primary, primaryDark, accent, sand } };
}

/** The form field that shows a message about a profile path ('colours.primary' → 'primary'), under `prefix` if any. */
export function profileFieldOf(prefix = ''): (path: string) => keyof ClubProfileValues | undefined {
  return (path) => {
    if (prefix && !path.startsWith(prefix)) return undefined;
    const rest = path.slice(prefix.length).replace(/^colours\./, '');
    return rest.split('.')[0] as keyof ClubProfileValues;
  };
}
