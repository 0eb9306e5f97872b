import type { ClubProfile } from './club-profile';

export type DocumentType = 'Legal' | 'Behavior' | 'Competition' | 'Culture';

export interface ClubDocument {
  id: 'waiver' | 'code_of_conduct' | 'competition_rules' | 'mission_values';
  title: string;
  type: DocumentType;
  required: boolean;
  /** The adopted version (its date); an acceptance records which version a person agreed to. */
  version: string;
  description: string;
  /** Plain text; paragraphs separated by blank lines, list items starting with a number or '-'. */
  content: string;
}

/** The club's code of conduct: eleven rules in the order the committee adopted them. */
export const CODE_OF_CONDUCT_RULES: { title: string; text: string }[] = [
  {
    title: 'Uphold the interests of the club',
    text: 'Members act in the best interests of the club and its members, and support its objects and its committee.',
  },
  {
    title: 'Authority to speak',
    text: 'Only the President, or a member the committee authorises, speaks to the media, councils or other bodies on behalf of the club.',
  },
  {
    title: 'Our primary activity and NSW fishery laws',
    text: 'Recreational fishing is the primary activity of the club. Members comply with NSW fishery laws at all times, including bag and size limits and closures, and hold a current NSW recreational fishing licence where one is required.',
  },
  {
    title: 'Prizes and judging',
    text: "Judges' and weigh-masters' decisions on catches, points and prizes are final. Disputes go to the committee in writing, never to the judges on the day.",
  },
  {
    title: 'Risk awareness',
    text: 'Fishing near water, rocks and boats carries risk. Members take part at their own risk and are responsible for their own equipment, boats and safety gear.',
  },
  {
    title: 'Supervision of juniors',
    text: 'Junior members (under 16) are supervised at all times by a parent, guardian or a responsible adult they have nominated.',
  },
  {
    title: 'Catch, click and return on competition days',
    text: 'On competition days fish are photographed on the club brag mat with the club code and released quickly and carefully unless the rules of the day say otherwise.',
  },
  {
    title: 'Respect',
    text: 'Treat fellow members, other waterway users, landholders and the environment with courtesy and respect. Take your rubbish and used line home.',
  },
  {
    title: 'Alcohol and behaviour',
    text: 'No alcohol is consumed while fishing in a club competition or while in charge of a boat. Abusive, threatening or unsafe behaviour is not tolerated.',
  },
  {
    title: 'Representing the club',
    text: 'Members wearing club shirts or fishing in club events represent the club and behave in a way that reflects well on it.',
  },
  {
    title: 'Safety first',
    text: 'Wear a lifejacket where required, check the weather and tides, tell someone where you are fishing, and never fish alone from the rocks.',
  },
];

/**
 * A document's words with the club's own in place of `{club}`, `{area}` and `{association}` (the incorporated
 * association's number as a sentence, or nothing when the club has none): how every screen and answer shows them.
 */
export function withClubWords(text: string, club: Pick<ClubProfile, 'name' | 'area' | 'associationNumber'>): string {
  const association = club.associationNumber ? `Incorporated association ${club.associationNumber}.` : '';
  return text.replaceAll('{club}', club.name).replaceAll('{area}', club.area).replaceAll('{association}', association).trim();
}

/** The four club documents; the competition rules carry the club's prizes, points and limits. */
export const CLUB_DOCUMENTS: ClubDocument[] = [
  {
    id: 'waiver',
    version: '2026-07-01',
    title: 'Competition Rules & Waiver',
    type: 'Legal',
    required: true,
    description: 'The acknowledgement of risk every member accepts before logging catches in a club competition.',
    content: [
      'By taking part in a {club} competition or club day I acknowledge that fishing from shore, rocks, jetties and boats carries risks, including slipping, drowning, hooks, weather and tides.',
      'I take part at my own risk, I am responsible for my own safety equipment, and I will follow the directions of the organisers and the competition rules.',
      'I release {club}, its committee and volunteers from liability for injury, loss or damage arising from my participation, except where the law does not allow this.',
      'I confirm that every catch I log is my own, was caught on the day within the competition area and hours, and that the photo is genuine and unaltered.',
    ].join('\n\n'),
  },
  {
    id: 'code_of_conduct',
    version: '2026-07-01',
    title: 'Code of Conduct',
    type: 'Behavior',
    required: true,
    description: 'The eleven rules every member agrees to. {association}',
    content: CODE_OF_CONDUCT_RULES.map((rule, i) => `${i + 1}. ${rule.title}. ${rule.text}`).join('\n'),
  },
  {
    id: 'competition_rules',
    version: '2026-07-01',
    title: 'Club Competition Rules',
    type: 'Competition',
    required: true,
    description: 'Entry fees, times, the fishing area, categories, prizes and how catches are judged.',
    content: [
      'Entry fee: $10 per entrant, $15 for non-members.',
      'Registration: 7am to 9am. Fishing: 7am to 2pm. Presentation: 4pm.',
      'Fishing only within {area}. No offshore fishing.',
      'Categories: Bream, Flathead, Mangrove Jack, Mulloway, Trevally, Whiting, Tailor.',
      'Prizes per category: 1st $100, 2nd $50, 3rd $25 tackle vouchers. Mystery fish: $100 cash. Fish picture of the month: $100 voucher.',
      'Champion points: 3 for first, 2 for second, 1 for third in each category.',
      'Every fish is photographed on a brag mat showing the club code of the day, and logged on the club website on the day of the event.',
      'Photo tampering means disqualification and up to 12 months suspension.',
    ].join('\n'),
  },
  {
    id: 'mission_values',
    version: '2026-07-01',
    title: 'Mission & Values',
    type: 'Culture',
    required: false,
    description: 'Why the club exists and what we stand for.',
    content: [
      '{club} brings together anglers of all ages to enjoy the rivers, estuaries and beaches of {area}.',
      '- Fishing for fun and friendship, with a fair go for everyone.',
      '- Looking after our waterways: catch and release, no litter, respect for closures and limits.',
      '- Passing skills on to juniors and newcomers.',
      '- Supporting local business and our sponsors, who support us.',
    ].join('\n'),
  },
];

export interface ResourceLink {
  title: string;
  description: string;
  url: string;
  required?: boolean;
}

/** NSW Department of Primary Industries fishing pages. */
export const NSW_RESOURCES: ResourceLink[] = [
  {
    title: 'NSW Recreational Fishing Licence',
    description: 'Buy or renew the licence you need to fish in NSW waters.',
    url: 'https://www.dpi.nsw.gov.au/fishing/recreational/fishing-fees-and-licences',
    required: true,
  },
  {
    title: 'Saltwater bag and size limits',
    description: 'Legal lengths and daily limits for saltwater species.',
    url: 'https://www.dpi.nsw.gov.au/fishing/recreational/fishing-rules-and-regs/saltwater-bag-and-size-limits',
  },
  {
    title: 'Freshwater bag and size limits',
    description: 'Legal lengths and daily limits for freshwater species.',
    url: 'https://www.dpi.nsw.gov.au/fishing/recreational/fishing-rules-and-regs/freshwater-bag-and-size-limits',
  },
  {
    title: 'FishSmart NSW app',
    description: "The department's app: rules, limits and maps on your phone.",
    url: 'https://www.dpi.nsw.gov.au/fishing/recreational/resources/fishsmart-app',
  },
  {
    title: 'Fishing closures',
    description: 'Waters closed to fishing and the species they protect.',
    url: 'https://www.dpi.nsw.gov.au/fishing/closures',
  },
  {
    title: 'General fishing rules',
    description: 'Gear, methods and the rules that apply everywhere.',
    url: 'https://www.dpi.nsw.gov.au/fishing/recreational/fishing-rules-and-regs',
  },
  {
    title: 'Fishing locations',
    description: 'Where to fish, boat ramps and fishing havens.',
    url: 'https://www.dpi.nsw.gov.au/fishing/recreational/wheretofish',
  },
  {
    title: 'Species identification',
    description: 'Tell your dusky flathead from your bartailed.',
    url: 'https://www.dpi.nsw.gov.au/fishing/aquatic-biosecurity/species-identification',
  },
];

export const LICENCE_NOTICE =
  'A valid NSW recreational fishing licence is required to fish in NSW waters, unless you are exempt. Fines apply.';

/** The documents a person must accept to join. */
export const REQUIRED_DOCUMENTS = CLUB_DOCUMENTS.filter((d) => d.required);

/** Every required document accepted at its current version (what a completed join form sends). */
export const acceptRequiredDocuments = () => REQUIRED_DOCUMENTS.map((d) => ({ id: d.id, version: d.version }));

/** The required documents a person has not accepted at their current versions (all of them for no acceptance). */
export function documentsToAccept(accepted: readonly { id: string; version: string }[] | null | undefined): ClubDocument[] {
  return REQUIRED_DOCUMENTS.filter((d) => !accepted?.some((a) => a.id === d.id && a.version === d.version));
}

/** Why a membership waits for its adult: 'Before the membership can start, Ben must accept the Waiver and Competition Rules…' */
export function documentsNeededMessage(firstName: string, missing: ClubDocument[]): string {
  const titles = missing.map((d) => d.title);
  const list = titles.length > 1 ? `${titles.slice(0, -1).join(', ')} and ${titles[titles.length - 1]}` : titles[0];
  return `Before the membership can be paid, ${firstName} must read and accept the club's ${list}. Sign in to the member portal to accept them, then pay.`;
}
