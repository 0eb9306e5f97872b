import { clubToday, formatAuDate, formatClubDateTime } from '../../shared/dates';
import { ENTRY_PAYMENT_LABELS } from '../../shared/entries';
import type { MemberRegistration } from '../../shared/events.schema';
import type { MemberProfile } from '../../shared/members.schema';
import type { MemberStatus, MembershipType } from '../../shared/membership';
import { tokens } from './retrieval';

/** What a personal question asks about the asker's own membership. */
export type Topic = 'expiry' | 'status' | 'entries' | 'household' | 'type' | 'since';

/**
 * Who a question is about: nobody in particular (the club's content answers it), the asker (their own records), or
 * someone else (refused, signed in or not). `names` are people named in a question about the asker's own household.
 */
export type About = { who: 'nobody' } | { who: 'someone-else' } | { who: 'self'; topics: Topic[]; names: string[] };

const SELF = /\b(i|i'm|im|i've|me|my|mine|myself)\b/i;
/** 'How do I renew my membership?', 'Can I bring my dog?': how things work at the club, not the asker's records. */
const HOW_TO =
  /^\s*(?:how (?:do|can|would|should|could) (?:i|we)|can i|could i|may i|where (?:do|can|should) i|what do i (?:need|have to)|do i (?:need|have to)|should i|will i need|what happens if i)\b/i;
/** 'What does it cost for my kids to join?' is a price question. */
const PRICE = /\b(?:cost|costs|price|prices|fee|fees|how much|to join|join|sign up|cheap\w*|value|discount)\b/i;
const TOPICS: Record<Topic, RegExp> = {
  expiry: /\b(?:expir\w*|end|ends|ending|run(?:s|ning)? out|lapse[sd]?|valid|until|due|renewal date)\b/i,
  status: /\b(?:paid|financial|current|up to date|owe|owing|status|active|good standing|suspended)\b/i,
  entries:
    /\b(?:entered|enter|entries|entry|registered|registrations?|signed up|booked|bookings?|down for|my (?:events|comps|competitions))\b/i,
  household: /\b(?:household|family|kids?|children|child|sons?|daughters?|wife|husband|partner)\b/i,
  type: /\b(?:type|kind|sort|level) of membership\b|\bmembership (?:type|level)\b|\b(?:what|which) membership\b/i,
  since: /\bhow long\b|\bmember since\b|\bwhen did i (?:join|become)\b/i,
};
/** 'Tell me about my membership': everything at once. */
const SUMMARY = /\babout my membership\b|\bmy (?:membership|account)(?: details| status)?\s*[?.!]*$/i;
/** What is private about a person: asked of anyone but the asker, it is refused. */
const PRIVATE =
  /\b(?:membership|memberships|member|expir\w*|end|ends|paid|pay|owe|owing|renew\w*|phone|mobile|number|address|e-?mails?|live|lives|living|entered|entries|entry|registered|details|birthday|born|age|old|catch(?:es)?|caught|status|current|financial|contact)\b/i;
/** Other people, not named. */
const THIRD_PARTY =
  /\b(?:his|her|their|someone(?: else)?|somebody(?: else)?|anyone(?: else)?|other (?:people|members|anglers|persons?)|another (?:member|person|angler)|everyone|everybody|all (?:the )?members|members'|member ?list|(?:which|what|any) members|members (?:who|that|from|in|at)|list of (?:all )?(?:the )?members|my (?:mate|friend|neighbou?r|brother|sister|dad|father|mum|mom|mother|cousin|uncle|aunt|boss|colleague|grand\w+|nan|pop)'?s?)\b/i;
/** 'Who is entered in the Mulloway Classic?', 'Who are the members?' */
const WHO_ELSE = /\bwho(?:'s|\s+is|\s+are|\s+else)\b.*\b(?:entered|registered|signed up|going|coming|members?|fishing in)\b/i;
/** Capitalised words that start a question rather than name someone. */
const LEAD =
  /^(?:is|are|was|were|does|did|do|has|have|when|where|what|which|who|how|why|can|could|will|would|should|tell|give|show|also|and|the|my|i|please|hi|hey)$/i;

/** People named in a question: two or more capitalised words, or one with 's, mostly not words of the club's content. */
function namesIn(part: string, knows: (word: string) => boolean): string[] {
  const names: string[] = [];
  for (const match of part.matchAll(/\b[A-Z][a-z'’]*(?:[A-Z][a-z]+)?(?:\s+[A-Z][a-z'’]*(?:[A-Z][a-z]+)?)*/g)) {
    const possessive = /['’]s$/.test(match[0]);
    const words = match[0].split(/\s+/).map((w) => w.replace(/['’]s$/, ''));
    while (words.length && LEAD.test(words[0])) words.shift();
    if (!words.length || (words.length < 2 && !possessive)) continue;
    // An event, a place, a species, a sponsor ('Gold Coast Classic' too): mostly words the club's content uses.
    if (words.filter((w) => !knows(w)).length * 2 < words.length) continue;
    names.push(words.join(' '));
  }
  return names;
}

/** Who one part of a question is about. `knows` says whether a word is in the club's content. */
export function whoIsAsked(part: string, knows: (word: string) => boolean): About {
  const names = namesIn(part, knows);
  const isPrivate = PRIVATE.test(part);
  if (isPrivate && (THIRD_PARTY.test(part) || WHO_ELSE.test(part))) return { who: 'someone-else' };
  const topics = (Object.keys(TOPICS) as Topic[]).filter((t) => TOPICS[t].test(part));
  if (names.length && isPrivate) return { who: 'self', topics: topics.length ? topics : ['status'], names };
  if (!SELF.test(part) || HOW_TO.test(part)) return { who: 'nobody' };
  if (PRICE.test(part) && !topics.some((t) => t === 'status' || t === 'expiry')) return { who: 'nobody' };
  if (topics.length) return { who: 'self', topics, names: [] };
  return SUMMARY.test(part) ? { who: 'self', topics: ['status', 'entries'], names: [] } : { who: 'nobody' };
}

/** A household member as the assistant may describe them to the household: name, type, status, expiry. */
export interface HouseholdPerson {
  id: string;
  firstName: string;
  lastName: string;
  membershipType: MembershipType;
  status: MemberStatus;
  expiryDate: string | null;
  isJunior: boolean;
}

/** The asker's own records: their profile, their household and their entries (and their household juniors'). */
export interface OwnRecords {
  profile: MemberProfile;
  household: HouseholdPerson[];
  entries: MemberRegistration[];
  /** Upcoming events, to answer 'Am I entered in the junior clinic?' when they are not. */
  upcoming: { id: string; name: string; eventDate: string }[];
}

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;
const TYPE_WORDS: Record<MembershipType, string> = { adult: 'an adult', junior: 'a junior', family: 'a family' };

function standing(p: { status: MemberStatus; expiryDate: string | null }): string {
  if (p.status === 'active' && p.expiryDate) return `current, paid up until ${formatAuDate(p.expiryDate)}`;
  if (p.status === 'expired') return p.expiryDate ? `lapsed: it ended on ${formatAuDate(p.expiryDate)}` : 'lapsed';
  return 'not paid yet';
}

/** The answer to a question about the asker's own membership, from their own records only. */
export function answerOwn(own: OwnRecords, about: Extract<About, { who: 'self' }>, part: string, now: Date): string {
  const me = own.profile;
  const named = about.names
    .map((name) => matchHousehold(own.household, name))
    .filter((p): p is HouseholdPerson => Boolean(p))
    .filter((p) => p.id !== me.id);
  const topics = new Set(about.topics);
  const lines: string[] = [];

  if (named.length) {
    for (const p of named) lines.push(`${fullName(p)}, in your household: ${standing(p)}.`);
    if (topics.has('entries')) lines.push(entriesLine(own, part, now, named));
    return lines.join(' ');
  }
  if (topics.has('household')) lines.push(householdLine(own, part));
  if (topics.has('entries')) lines.push(entriesLine(own, part, now));
  if (topics.has('since'))
    lines.push(me.memberSince ? `You have been a member since ${formatAuDate(me.memberSince)}.` : 'Your membership has not started yet.');
  const wantsStanding = topics.has('expiry') || topics.has('status') || topics.has('type') || lines.length === 0;
  if (wantsStanding && !topics.has('household')) lines.push(standingLine(me));
  return lines.join(' ');
}

function matchHousehold(household: HouseholdPerson[], name: string): HouseholdPerson | undefined {
  const wanted = name.toLowerCase();
  return household.find((p) => fullName(p).toLowerCase() === wanted || p.firstName.toLowerCase() === wanted);
}

/** Whether every person named is in the asker's household (the asker included). */
export function namesAreHousehold(own: OwnRecords | null, names: string[]): boolean {
  return Boolean(own) && names.every((n) => matchHousehold(own!.household, n));
}

function standingLine(me: MemberProfile): string {
  const type = TYPE_WORDS[me.membershipType];
  if (me.suspension) return `The committee has suspended your membership until ${formatAuDate(me.suspension.until)}.`;
  if (me.status === 'active' && me.expiryDate) {
    const renewal = me.renewal.open
      ? " You can renew now in the member portal with 'Renew Membership'."
      : me.renewal.opensOn
        ? ` Renewal opens on ${formatAuDate(me.renewal.opensOn)}.`
        : '';
    return `You have ${type} membership, paid up until ${formatAuDate(me.expiryDate)}: it ends on that day.${renewal}`;
  }
  if (me.status === 'expired')
    return `Your ${me.membershipType} membership is not paid up: it ended on ${me.expiryDate ? formatAuDate(me.expiryDate) : 'its expiry date'}. Renew it in the member portal with 'Renew Membership'.`;
  if (me.paymentState === 'processing')
    return 'Your membership payment is still being processed by PayPal; it starts as soon as it goes through.';
  return "Your membership is not paid yet: finish the payment in the member portal with 'Complete payment'.";
}

/** The household, or the part of it asked about: 'my kids' are its juniors, 'my wife' its other adults. */
function householdLine(own: OwnRecords, part: string): string {
  const me = own.profile;
  if (own.household.length <= 1) return `Your membership covers only you: ${standing({ status: me.status, expiryDate: me.expiryDate })}.`;
  const wanted = /\b(?:kids?|children|child|sons?|daughters?|juniors?)\b/i.test(part)
    ? own.household.filter((p) => p.isJunior)
    : /\b(?:wife|husband|partner)\b/i.test(part)
      ? own.household.filter((p) => !p.isJunior && p.id !== me.id)
      : own.household;
  const people = (wanted.length ? wanted : own.household).map(
    (p) => `${fullName(p)}${p.id === me.id ? ' (you)' : p.isJunior ? ' (junior)' : ''}: ${standing(p)}`,
  );
  return `Your household: ${people.join('; ')}.`;
}

/** Upcoming entries of the asker (and the household juniors they entered); or, for a named event, whether they are in it. */
function entriesLine(own: OwnRecords, part: string, now: Date, only?: HouseholdPerson[]): string {
  const today = clubToday(now);
  const ahead = own.entries.filter((e) => new Date(e.eventDate) > now || clubToday(new Date(e.eventDate)) === today);
  const mine = only ? ahead.filter((e) => only.some((p) => p.id === e.memberId)) : ahead;
  const event = mentionedEvent(part, [...own.entries, ...own.upcoming.map((u) => ({ ...u, eventId: u.id }))]);
  const who = (e: MemberRegistration) => (e.memberId && e.memberId !== own.profile.id && e.memberName ? `${e.memberName}: ` : '');
  const line = (e: MemberRegistration) =>
    `${who(e)}${e.name} on ${formatClubDateTime(e.eventDate)}${e.paymentState ? ` (${ENTRY_PAYMENT_LABELS[e.paymentState].toLowerCase()})` : ''}`;
  if (event) {
    const entered = own.entries.filter((e) => e.eventId === event.eventId);
    const whoNames = only ? only.map(fullName).join(' and ') : 'you';
    const theirs = only ? entered.filter((e) => only.some((p) => p.id === e.memberId)) : entered;
    if (theirs.length) return `Yes: ${theirs.map(line).join('; ')}.`;
    return `No, ${whoNames === 'you' ? 'you are' : `${whoNames} is`} not entered in ${event.name} (${formatClubDateTime(event.eventDate)}). Enter from Events in the member portal.`;
  }
  if (!mine.length) return 'You are not entered in any upcoming events. Enter from Events in the member portal.';
  return `Your upcoming entries: ${mine.map(line).join('; ')}.`;
}

/** The event a question names ('the Mulloway Classic', 'the junior clinic'), by the words of its name. */
function mentionedEvent<T extends { eventId: string; name: string; eventDate: string }>(part: string, events: T[]): T | null {
  const asked = new Set(tokens(part).filter((w) => !EVENT_FILLER.has(w)));
  let best: T | null = null;
  let bestScore = 0;
  for (const e of events) {
    const score = tokens(e.name).filter((w) => !EVENT_FILLER.has(w) && asked.has(w)).length;
    if (score > bestScore) [best, bestScore] = [e, score];
  }
  return best;
}
const EVENT_FILLER = new Set([
  'competition',
  'event',
  'day',
  'club',
  'tweed',
  'fishing',
  'enter',
  'entered',
  'registered',
  'am',
  'upcoming',
  'next',
]);
