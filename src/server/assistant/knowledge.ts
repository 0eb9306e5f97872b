import type { EntityManager } from '@mikro-orm/postgresql';
import type { ClubProfile } from '../../shared/club-profile';
import type { ClubSpecies } from '../../shared/species';
import { clubLocalToInstant, clubToday, formatClubDateTime } from '../../shared/dates';
import { eventLimitBadges } from '../../shared/events';
import type { EventView } from '../../shared/events.schema';
import type { NewsView, PageView, PublicSection, PublicSettings } from '../../shared/cms.schema';
import { numberedRules, withClubFacts, type ClubDocuments, type ClubFacts } from '../../shared/documents';
import { stateFishing } from '../../shared/state-fishing';
import { formatAud, membershipYearText, type MembershipRules, type MembershipType } from '../../shared/membership';
import { SPONSOR_PACKAGES, SPONSORSHIP_LABELS, SPONSORSHIP_PRICES_CENTS, type PublicSponsor } from '../../shared/sponsors.schema';
import type { ClubSettingsService } from '../club/club-settings.service';
import type { CmsService } from '../content/cms.service';
import type { EventsService } from '../events/events.service';
import type { SponsorsService } from '../content/sponsors.service';
import type { EntityName } from '../db/entity-name';

/** One thing the assistant knows, in the club's own words, with the page a person can read it on. */
export interface Passage {
  id: string;
  title: string;
  text: string;
  url: string;
  /** Extra words people use for this (not shown): 'kids' for junior, 'jewfish' for mulloway. */
  aliases?: string;
  /** Landing-page copy: it describes the club, it sets no rule, so it never alone says whether something is allowed. */
  blurb?: boolean;
}

export interface KnowledgeSources {
  /**
   * The club's name, area, state and association number, which its documents speak in; its fees and junior age; its
   * documents, whose tokens its competition rules (entry fees, times, prizes and points) fill; its species and their
   * legal sizes.
   */
  club: Pick<ClubSettingsService, 'profile' | 'membership' | 'documents' | 'documentFacts' | 'species'>;
  cms: CmsService;
  events: EventsService;
  sponsors: SponsorsService;
  clock: { now(): Date };
}

const DOCUMENTS_URL = '/member?tab=documents';
const RESOURCES_URL = '/member?tab=resources';

const SPECIES_NAMES: Record<string, string> = {
  Flathead: 'dusky flathead (flattie)',
  Bream: 'yellowfin bream',
  Mulloway: 'mulloway (jewfish, jew)',
  Whiting: 'sand whiting',
  'Mangrove Jack': 'mangrove jack (jacks)',
  Tailor: 'tailor',
  Trevally: 'trevally (GT, giant trevally)',
  Snapper: 'snapper (squire, reddies)',
  'Grass Emperor': 'grass emperor (sweetlip)',
};

/** Plain text of committee HTML: tags out, entities of the common kind decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(br|\/p|\/li|\/h\d|\/div|\/tr)\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/[ \t]+/g, ' ')
    .replace(/ ([.,;:!?])/g, '$1')
    .replace(/\n\s*\n+/g, '\n')
    .trim();
}

/** What gatherKnowledge reads: a committed write to any of these rebuilds the assistant's index (the content cache is told). */
export const KNOWLEDGE_READS: readonly EntityName[] = [
  'SiteSetting',
  'Event',
  'EventRegistration',
  'ContentPage',
  'SiteSection',
  'NewsArticle',
  'Sponsor',
];

/** Everything the assistant may say, gathered from the club's content as it stands now. */
export async function gatherKnowledge(em: EntityManager, sources: KnowledgeSources): Promise<Passage[]> {
  const [club, rules, documents, facts, settings, events, species, pages, home, landing, news, sponsors] = await Promise.all([
    sources.club.profile(em.fork()),
    sources.club.membership(em.fork()),
    sources.club.documents(em.fork()),
    sources.club.documentFacts(em.fork()),
    sources.cms.publicSettings(em.fork()),
    sources.events.upcoming(em.fork(), 12),
    sources.club.species(em.fork()),
    sources.cms.publishedPages(em.fork()),
    sources.cms.sections(em.fork(), 'home'),
    sources.cms.sections(em.fork(), 'landing'),
    sources.cms.publishedNews(em.fork(), 5),
    sources.sponsors.active(em.fork()),
  ]);
  return [
    ...membershipPassages(rules),
    ...eventPassages(rules, events, sources.clock),
    ...documentPassages(documents, facts),
    ...sponsorPassages(sponsors),
    ...resourcePassages(club, species),
    ...contactPassages(settings),
    ...committeePassages(pages, home, landing, news),
  ];
}

/** Membership at the club's rules: what each kind costs, who is a junior, who a family covers, joining and renewing. */
function membershipPassages(rules: MembershipRules): Passage[] {
  const passages: Passage[] = [];
  const add = (p: Passage) => passages.push(p);
  const price = (type: MembershipType) => formatAud(rules.feesCents[type]);
  const { adults, juniors } = rules.familyLimits;

  add({
    id: 'membership-adult',
    title: 'Adult membership',
    url: '/public',
    aliases: 'adult fee cost price how much membership annual yearly subscription',
    text: `Adult membership costs ${price('adult')} a year.`,
  });
  add({
    id: 'membership-junior',
    title: 'Junior membership',
    url: '/public',
    aliases: `junior kid kids child children son daughter teen teenager young fee cost price how much age old under ${rules.juniorUnder} count counts`,
    text: `Junior membership costs ${price('junior')} a year, for members under ${rules.juniorUnder}.`,
  });
  add({
    id: 'membership-family',
    title: 'Family membership',
    url: '/public',
    aliases: 'family household kids partner fee cost price how much best value',
    text: `Family membership costs ${price('family')} a year and covers ${adults} adult${adults === 1 ? '' : 's'} and ${juniors} junior${juniors === 1 ? '' : 's'} in one household.`,
  });
  add({
    id: 'membership-join',
    title: 'How to join',
    url: '/public',
    aliases: 'join sign up signup become member register membership apply new',
    text: `To join, choose 'Join Our Club Today' on the home page (or a price card on the club home page), fill in the registration form for everyone in your household, accept the code of conduct and pay online with PayPal. Adult ${price('adult')}, junior ${price('junior')}, family ${price('family')} a year. Your membership starts as soon as the payment goes through${rules.year.kind === 'fixed' ? ` and runs to the end of the membership year (${membershipYearText(rules)})` : ''}.`,
  });
  add({
    id: 'membership-renew',
    title: 'Renewing',
    url: '/member',
    aliases: 'renew renewal expire expiry expired lapse reminder extend',
    text: `Renew from the member portal with 'Renew Membership'. ${
      rules.year.kind === 'fixed'
        ? `A renewal runs to the end of the next membership year (${membershipYearText(rules)}) after the later of today and your current expiry date`
        : 'A renewal adds a full year from the later of today and your current expiry date'
    }, and the club e-mails a reminder 30 and 7 days before your membership ends.`,
  });
  return passages;
}

/** The upcoming events (the next competition, the next event, each one) and how to register. */
function eventPassages(rules: MembershipRules, events: EventView[], clock: KnowledgeSources['clock']): Passage[] {
  const passages: Passage[] = [];
  const add = (p: Passage) => passages.push(p);
  const eventsUrl = '/member?tab=events';
  if (events.length === 0) {
    add({
      id: 'events-none',
      title: 'Upcoming events',
      url: '/public',
      aliases: 'event events competition comp next upcoming when date calendar',
      text: 'There are no upcoming events listed at the moment. Check back soon, or ask the committee.',
    });
  } else {
    add({
      id: 'events-list',
      title: 'Upcoming events',
      url: '/public',
      aliases: 'event events competition comp next upcoming when date calendar on coming',
      text: `Upcoming events: ${events.map((e) => `${e.name} on ${formatClubDateTime(e.eventDate)} at ${e.location}`).join('; ')}.`,
    });
    const now = clock.now();
    const ahead = events.filter((e) => !isOver(e, now));
    const nextComp = ahead.find(isCompetition);
    const nextEvent = ahead[0];
    if (nextComp)
      add({
        id: 'events-next-competition',
        title: 'The next competition',
        url: eventsUrl,
        aliases: 'next upcoming soonest coming competition comp when date',
        text: `The next competition is ${describe(nextComp, now)}.`,
      });
    if (nextEvent && nextEvent !== nextComp)
      add({
        id: 'events-next-event',
        title: 'The next event',
        url: eventsUrl,
        aliases: 'next upcoming soonest coming event when date',
        text: `The next event is ${describe(nextEvent, now)}.`,
      });
    for (const e of events) {
      const fee = e.registrationFee === '0.00' ? 'free for members' : `$${e.registrationFee}`;
      const limits = eventLimitBadges(rules, e);
      add({
        id: `event-${e.id}`,
        title: e.name,
        url: eventsUrl,
        aliases: `event competition when where date time place location fee entry register registration ${initials(e.name)} ${initials(e.name)}${e.prizes ? ' prize prizes win' : ''}`,
        text: `${e.name}: ${formatClubDateTime(e.eventDate)} at ${e.location}. Entry: ${fee}.${limits.length ? ` Limited to: ${limits.join(' and ')}.` : ''}${e.maxParticipants ? ` Places: ${e.maxParticipants} (${e.isFull ? 'full' : `${e.maxParticipants - e.registeredCount} left`}).` : ''} Members register in the member portal under Events.${e.description ? ` ${e.description}` : ''}${e.prizes ? ` Prizes: ${e.prizes}` : ''}`,
      });
    }
  }
  add({
    id: 'events-register',
    title: 'Registering for events',
    url: eventsUrl,
    aliases: 'register registration enter entry sign up event competition cancel',
    text: "Members register for an event in the member portal: open Events and choose 'Register Now'. You can cancel with 'Cancel Registration' until the event starts. You need a current membership to register.",
  });
  return passages;
}

/** The words people use for each part of the competition rules, found by the token or the words a line holds. */
const RULE_TOPICS: { finds: RegExp; words: string }[] = [
  { finds: /\{entryFees\}|entry fee/i, words: 'entry fee cost price enter non-member' },
  {
    finds: /\{times\}|registration:|fishing:/i,
    words: 'time times start finish begin end hours open close when registration presentation',
  },
  { finds: /\{area\}|\{offshore\}|offshore/i, words: 'where area boundary offshore allowed place' },
  { finds: /\{categories\}|categor/i, words: 'category categories species fish count' },
  { finds: /\{prizes\}|\{mysteryFish\}|\{pictureOfMonth\}|prize/i, words: 'prize prizes win winner winning voucher cash award' },
  { finds: /\{points\}|points/i, words: 'point points champion ladder score place placing' },
  { finds: /brag mat|photograph/i, words: 'photo photograph picture brag mat club code log' },
  {
    finds: /tamper|disqualif/i,
    words: 'tamper tampering cheat cheating edit edits edited editing photoshop fake altered disqualified disqualification suspension ban',
  },
];

/**
 * The club's documents (competition rules, waiver, code of conduct, mission) in its own words, and logging a catch;
 * the competition rules' fees, times, prizes and points are the club's competition rules' (the document's tokens).
 */
function documentPassages(documents: ClubDocuments, facts: ClubFacts): Passage[] {
  const passages: Passage[] = [];
  const add = (p: Passage) => passages.push(p);
  const words = (text: string) => withClubFacts(text, facts);
  const rules = documents.competition_rules;
  rules.content
    .split(/\n+/)
    .filter((line) => line.trim())
    .forEach((line, i) =>
      add({
        id: `rules-${i}`,
        title: words(rules.title),
        url: DOCUMENTS_URL,
        aliases: `rule rules competition ${RULE_TOPICS.filter((t) => t.finds.test(line))
          .map((t) => t.words)
          .join(' ')}`,
        text: words(line),
      }),
    );
  const { waiver, code_of_conduct: conduct, mission_values: mission } = documents;
  add({
    id: 'waiver',
    title: words(waiver.title),
    url: DOCUMENTS_URL,
    aliases: 'waiver risk liability insurance safety',
    text: words(waiver.content).replace(/\n+/g, ' '),
  });
  const conductRules = numberedRules(words(conduct.content));
  add({
    id: 'conduct',
    title: words(conduct.title),
    url: DOCUMENTS_URL,
    aliases: 'code conduct behaviour behavior rules members',
    text: words(
      `The club's code of conduct has ${conductRules.length} rules: ${conductRules.map((r) => r.title || r.text).join('; ')}. {association}`,
    ),
  });
  conductRules.forEach((r, i) =>
    add({
      id: `conduct-${i}`,
      title: words(conduct.title),
      url: DOCUMENTS_URL,
      aliases: 'code conduct',
      text: r.title ? `${r.title}. ${r.text}` : r.text,
    }),
  );
  add({
    id: 'mission',
    title: words(mission.title),
    url: DOCUMENTS_URL,
    aliases: 'mission values about purpose why',
    text: words(mission.content).replace(/\n+/g, ' '),
  });
  add({
    id: 'catch-logging',
    title: 'Logging a catch',
    url: '/member?tab=fish-logging',
    aliases: 'log logging submit catch photo brag mat club code gps upload record fish',
    text: "On an event day, open 'Log a Catch' in the member portal on your phone: choose the angler, the event, the species, the size and kept or released, then take the photo on the brag mat with the day's club code showing. The GPS position is added when you take the photo. The committee checks every catch before it counts.",
  });
  return passages;
}

/** Sponsoring the club, and who its sponsors are. */
function sponsorPassages(sponsors: PublicSponsor[]): Passage[] {
  const passages: Passage[] = [];
  const add = (p: Passage) => passages.push(p);
  add({
    id: 'sponsorship',
    title: 'Sponsoring the club',
    url: '/sponsor',
    aliases:
      'sponsor sponsorship business company advertise logo package packages support fee cost price how much become apply application',
    text: `Sponsorship packages: ${SPONSOR_PACKAGES.map((p) => `${p.title}, ${formatAud(SPONSORSHIP_PRICES_CENTS[p.type])} (${p.benefits.join(', ')})`).join('; ')}; or both for ${formatAud(SPONSORSHIP_PRICES_CENTS.both)} (${SPONSORSHIP_LABELS.both}). Apply on the sponsor page; the committee replies within 2 business days.`,
  });

  if (sponsors.length)
    add({
      id: 'sponsors-current',
      title: 'Our sponsors',
      url: '/public',
      aliases: 'sponsor sponsors who current businesses supporters support thank',
      text: `The club's sponsors: ${sponsors.map((s) => s.companyName).join(', ')}. Please support the businesses that support us.`,
    });
  return passages;
}

/** The licence (or permit) of the club's state, its fisheries authority's other pages and the legal minimum lengths. */
function resourcePassages(club: ClubProfile, list: ClubSpecies): Passage[] {
  const passages: Passage[] = [];
  const add = (p: Passage) => passages.push(p);
  const state = stateFishing(club.state);
  const licence = state.resources.find((r) => r.required);
  add({
    id: 'licence',
    title: licence?.title ?? `Fishing licences in ${club.state}`,
    url: licence?.url ?? RESOURCES_URL,
    aliases: 'licence license permit fee need required buy',
    text: `${state.licenceNotice} ${state.licenceWhere}`,
  });
  for (const r of state.resources.filter((x) => !x.required))
    add({ id: `resource-${r.title}`, title: r.title, url: r.url, text: `${r.title}: ${r.description}` });

  // Legal minimum lengths, from the club's species (its state's, as the committee keeps them).
  const sizeUrl = state.resources.find((r) => /size/i.test(r.title))?.url ?? RESOURCES_URL;
  for (const s of list.species) {
    const names = SPECIES_NAMES[s.name] ?? s.name;
    add({
      id: `size-${s.name}`,
      title: `${s.name} size limit`,
      url: sizeUrl,
      aliases: `${names} size limit legal minimum length keep keeper undersize how big`,
      text:
        s.minimumCm === null
          ? `The club has no legal minimum length on record for ${s.name}; check ${state.authority}'s size and bag limits before keeping one.`
          : `The legal minimum length for a kept ${s.name} (${names}) in ${list.state} is ${s.minimumCm} cm. Check ${state.authority} for bag limits.`,
    });
  }
  return passages;
}

/** How to reach the committee. */
function contactPassages(settings: PublicSettings): Passage[] {
  const passages: Passage[] = [];
  const add = (p: Passage) => passages.push(p);
  add({
    id: 'contact',
    title: 'Contact the committee',
    url: `mailto:${settings.contactEmail}`,
    aliases: 'contact email e-mail address committee question help phone talk secretary',
    text: `You can reach the committee at ${settings.contactEmail}.`,
  });
  return passages;
}

/** The committee's own pages, the home and landing pages' sections, and the latest news. */
function committeePassages(pages: PageView[], home: PublicSection[], landing: PublicSection[], news: NewsView[]): Passage[] {
  const passages: Passage[] = [];
  const add = (p: Passage) => passages.push(p);
  for (const page of pages) {
    sectionsOf(page.content).forEach((para, i) =>
      add({ id: `page-${page.slug}-${i}`, title: page.title, url: `/pages/${page.slug}`, text: para }),
    );
  }
  for (const [slug, sections, url] of [
    ['home', home, '/public'],
    ['landing', landing, '/'],
  ] as const) {
    for (const s of sections) {
      if (s.contentType === 'image') continue;
      const paragraphs = s.contentType === 'html' ? sectionsOf(s.content) : [s.content.trim()];
      paragraphs
        .filter((text) => text.length > 20)
        .forEach((text, i) => add({ id: `section-${slug}-${s.sectionKey}-${i}`, title: s.title, url, text, blurb: slug === 'landing' }));
    }
  }
  for (const a of news)
    add({
      id: `news-${a.id}`,
      title: a.title,
      url: '/public',
      aliases: 'news latest',
      text: `${a.title}. ${a.excerpt ?? htmlToText(a.content).slice(0, 300)}`,
    });
  return passages;
}

/**
 * Committee HTML as paragraphs, each led by the heading it sits under ('Boat ramps: Anchor Street, Riverside', 'Where
 * to fish: jacks, bream and flathead in the broadwater'), so a table row or list item still says what it is about.
 */
export function sectionsOf(html: string): string[] {
  const out: string[] = [];
  let heading = '';
  for (const block of html.split(/(?=<h\d[^>]*>)|(?<=<\/h\d>)/i)) {
    const head = /^<h\d[^>]*>([\s\S]*)<\/h\d>$/i.exec(block.trim());
    if (head) {
      heading = htmlToText(head[1]);
      continue;
    }
    for (const para of htmlToText(block).split('\n')) {
      const text = para.trim();
      if (text.length > 20) out.push(heading && !text.startsWith(heading) ? `${heading}: ${text}` : text);
    }
  }
  return out;
}

/** Meetings and sausage sizzles are events but not competitions: 'the next comp' skips them. */
function isCompetition(e: EventView): boolean {
  return !/\b(meeting|agm|sizzle|dinner|presentation night|working bee)\b/i.test(e.name);
}

/** Fishing on the event's day has ended (club time). */
function isOver(e: EventView, now: Date): boolean {
  const start = new Date(e.eventDate);
  const day = clubToday(start);
  let end = clubLocalToInstant(`${day}T${e.fishingEnd}`);
  if (end <= start) end = new Date(Math.max(end.getTime() + 86_400_000, start.getTime() + 3 * 3_600_000));
  return end <= now;
}

/** An event in one line: name, when (today when it is), where, and what entry costs. */
function describe(e: EventView, now: Date): string {
  const when = formatClubDateTime(e.eventDate);
  const today = clubToday(new Date(e.eventDate)) === clubToday(now) ? ' (today)' : '';
  const fee = e.registrationFee === '0.00' ? 'free for members' : `$${e.registrationFee} for members`;
  return `${e.name} on ${when}${today} at ${e.location}; entry ${fee}${e.isFull ? ' (full)' : ''}`;
}

/** 'Annual General Meeting & Sausage Sizzle' → 'agm ags' and so on: the short names people use. */
function initials(name: string): string {
  const words = name.match(/\b[A-Z][a-z]+/g) ?? [];
  if (words.length < 2) return '';
  const all = words
    .map((w) => w[0])
    .join('')
    .toLowerCase();
  return [all, all.slice(0, 3)].filter((x, i, a) => x.length >= 2 && a.indexOf(x) === i).join(' ');
}
