import type { EntityManager } from '@mikro-orm/postgresql';
import type { ChatReply } from '../../shared/chat.schema';
import { STATE_NAMES, type ClubProfile } from '../../shared/club-profile';
import { clubToday } from '../../shared/dates';
import { isJuniorOn } from '../../shared/membership';
import { ROUTES } from '../../shared/screens';
import { Member } from '../db/entities';
import type { EntriesService } from '../events/entries.service';
import { effectiveStatus } from '../membership/member-status';
import type { MembersService } from '../membership/members.service';
import type { Clock } from '../clock';
import type { Actor } from '../platform/actor';
import type { ContentCache } from '../platform/content-cache';
import { consumeRateLimit, type RateRules } from '../platform/rate-limit.service';
import { gatherKnowledge, type KnowledgeSources, type Passage } from './knowledge';
import { answerOwn, namesAreHousehold, whoIsAsked, type About, type OwnRecords } from './personal';
import { questionParts } from './question-parts';
import { PassageIndex, type Hit } from './retrieval';

export interface AssistantModel {
  url: string;
  key?: string;
  model: string;
  /** How long to wait for the model before answering from the passages alone. */
  timeoutMs: number;
}

export interface AssistantDeps extends KnowledgeSources {
  clock: Clock;
  cache: ContentCache;
  rateRules: RateRules;
  model: AssistantModel | null;
  members: MembersService;
  entries: EntriesService;
  log: { warn(obj: object, msg: string): void };
}

/**
 * Below this BM25 score, or covering less than this share of what the question asks (its words weighted by how
 * telling they are; a word the club never uses weighs the most), the best passage is not about the question: say
 * so rather than guess.
 */
export const MIN_SCORE = 3;
export const MIN_COVERAGE = 0.6;

/** What the assistant says when a question is about another member, signed in or not. */
export const ABOUT_SOMEONE_ELSE = 'I can only answer about your own membership and household, not about other members.';
/** What a visitor asking about their own membership is told. */
export const SIGN_IN_FIRST = 'Sign in first and I can tell you about your own membership, entries and household.';

/** How one part of a question was answered. */
type PartAnswer =
  | { kind: 'content'; part: string; hits: Hit[] }
  | { kind: 'personal'; part: string; text: string; url: string }
  | { kind: 'sign-in' | 'someone-else' | 'unknown'; part: string };

/**
 * The fishing assistant. It answers only from the club's own content (documents, prices, events, sponsors, size
 * limits, CMS pages and news), retrieved for each part of a question, and, signed in, from the asker's own
 * membership, entries and household; never about anyone else. An OpenAI-compatible model, when configured, only
 * rewords those passages. What it has nothing on it says it does not know, pointing to the committee, so it never
 * invents a fee, a date or a rule.
 */
export class AssistantService {
  constructor(private readonly deps: AssistantDeps) {}

  /** The index of what the club says now; rebuilt after any admin change to content (the cache is told). */
  private async index(em: EntityManager): Promise<PassageIndex> {
    const { value } = await this.deps.cache.get('assistant.passages', () => gatherKnowledge(em, this.deps));
    return new PassageIndex(value);
  }

  async ask(em: EntityManager, actor: Actor, message: string): Promise<ChatReply> {
    await consumeRateLimit(em, this.deps.clock, this.deps.rateRules.chatPerIp, actor.ip);
    if (actor.user) await consumeRateLimit(em, this.deps.clock, this.deps.rateRules.chatPerUser, actor.user.id);
    const index = await this.index(em);
    const now = this.deps.clock.now();
    let own: OwnRecords | null | undefined;
    const answers: PartAnswer[] = [];
    for (const part of questionParts(message)) {
      const about = whoIsAsked(part, (word) => index.knows(word));
      if (about.who === 'self') {
        if (!actor.user) {
          answers.push({ kind: about.names.length ? 'someone-else' : 'sign-in', part });
          continue;
        }
        if (own === undefined) own = await this.ownRecords(em, actor);
        if (about.names.length && !namesAreHousehold(own, about.names)) answers.push({ kind: 'someone-else', part });
        else if (!own) answers.push({ kind: 'personal', part, text: NO_MEMBERSHIP, url: '/public' });
        else answers.push({ kind: 'personal', part, text: answerOwn(own, about, part, now), url: personalUrl(about) });
        continue;
      }
      if (about.who === 'someone-else') {
        answers.push({ kind: 'someone-else', part });
        continue;
      }
      if (namesSomethingElse(part, (word) => index.knows(word))) {
        answers.push({ kind: 'unknown', part });
        continue;
      }
      const permission = PERMISSION.test(part);
      const hits = index.search(part).filter((h) => h.score >= MIN_SCORE && h.coverage >= MIN_COVERAGE && !(permission && h.passage.blurb));
      answers.push(hits.length ? { kind: 'content', part, hits: this.chosen(hits) } : { kind: 'unknown', part });
    }
    if (answers.every((a) => a.kind === 'unknown')) return this.decline(em);
    return this.compose(em, message, answers);
  }

  /** The answers to the parts, in the order asked; the model (when configured) words the ones the club's content answers. */
  private async compose(em: EntityManager, message: string, answers: PartAnswer[]): Promise<ChatReply> {
    const email = await this.deps.cms.contactEmail(em);
    const seen = new Set<string>();
    const passages: Passage[] = [];
    const sections: { answered: boolean; text: string }[] = [];
    const extraLinks: ChatReply['links'] = [];
    for (const answer of answers) {
      if (answer.kind === 'content') {
        const fresh = answer.hits.map((h) => h.passage).filter((p) => !seen.has(p.id));
        for (const p of fresh) seen.add(p.id);
        passages.push(...fresh);
        if (fresh.length) sections.push({ answered: true, text: fresh.map((p) => p.text).join('\n\n') });
      } else if (answer.kind === 'personal') {
        passages.push({
          id: `own-${passages.length}`,
          title: 'About the person asking (their own records)',
          text: answer.text,
          url: answer.url,
        });
        sections.push({ answered: true, text: answer.text });
      } else if (answer.kind === 'sign-in') {
        sections.push({ answered: false, text: SIGN_IN_FIRST });
        extraLinks.push({ title: 'Sign in', url: ROUTES.signIn });
      } else if (answer.kind === 'someone-else') {
        sections.push({ answered: false, text: ABOUT_SOMEONE_ELSE });
      } else {
        sections.push({ answered: false, text: `I don't know that (“${answer.part}”). Please ask the committee at ${email}.` });
        extraLinks.push({ title: 'E-mail the committee', url: `mailto:${email}` });
      }
    }
    const answered = answers.filter((a) => a.kind === 'content' || a.kind === 'personal');
    let response = sections.map((s) => s.text).join('\n\n');
    if (this.deps.model && answered.length) {
      // The model sees only the parts the club's content or the asker's own records answer, never a question about someone else.
      const question = answered.length === answers.length ? message : answered.map((a) => a.part).join('. ');
      const worded = await this.fromModel(question, passages, email, await this.deps.club.profile(em));
      // The model's wording stands where the first answered part was; the fixed sentences keep their places.
      const first = sections.findIndex((s) => s.answered);
      if (worded) response = sections.flatMap((s, i) => (i === first ? [worded] : s.answered ? [] : [s.text])).join('\n\n');
    }
    const links = [...linksOf(passages), ...extraLinks];
    return { response, links: links.filter((l, i) => links.findIndex((x) => x.url === l.url) === i) };
  }

  /** The signed-in member's own records: profile, household, entries. Nothing of anyone outside their household. */
  private async ownRecords(em: EntityManager, actor: Actor): Promise<OwnRecords | null> {
    const profile = await this.deps.members.profile(em, actor);
    if (!profile) return null;
    const today = clubToday(this.deps.clock.now());
    const rules = await this.deps.club.membership(em);
    const me = await em.findOneOrFail(Member, { id: profile.id });
    const rows = await em.find(Member, { household: me.household }, { orderBy: { isPrimary: 'desc', createdAt: 'asc' } });
    const [entries, upcoming] = await Promise.all([
      this.deps.entries.registrations(em.fork(), actor),
      this.deps.events.upcoming(em.fork()),
    ]);
    return {
      profile,
      household: rows.map((m) => ({
        id: m.id,
        firstName: m.firstName,
        lastName: m.lastName,
        membershipType: m.membershipType,
        status: effectiveStatus(m, today),
        expiryDate: m.expiryDate ?? null,
        isJunior: isJuniorOn(rules, m.dateOfBirth, today),
      })),
      entries,
      upcoming: upcoming.map((e) => ({ id: e.id, name: e.name, eventDate: e.eventDate })),
    };
  }

  /** The best passage, and the next one or two when they are nearly as good and say something else. */
  private chosen(hits: Hit[]): Hit[] {
    const [top, ...rest] = hits;
    return [top, ...rest.filter((h) => h.score >= top.score * 0.8 && h.passage.text !== top.passage.text).slice(0, 2)];
  }

  private async decline(em: EntityManager): Promise<ChatReply> {
    const email = await this.deps.cms.contactEmail(em);
    return {
      response: `Sorry, I don't know that one. I only answer from the club's own information, so please ask the committee at ${email}.`,
      links: [{ title: 'E-mail the committee', url: `mailto:${email}` }],
    };
  }

  /** The model's wording of the passages, or null on any failure or timeout (the passages then answer). */
  private async fromModel(question: string, passages: Passage[], email: string, club: ClubProfile): Promise<string | null> {
    const model = this.deps.model!;
    const url = model.url.endsWith('/chat/completions') ? model.url : `${model.url.replace(/\/+$/, '')}/chat/completions`;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(model.key ? { authorization: `Bearer ${model.key}` } : {}) },
        body: JSON.stringify({
          model: model.model,
          temperature: 0.2,
          max_tokens: 400,
          messages: [
            {
              role: 'system',
              content: `You are the friendly assistant of a recreational fishing club in ${club.area}, ${STATE_NAMES[club.state]}. Answer in plain text (no HTML, no Markdown), briefly, using ONLY the club information below. Never state a fee, date, size or rule that is not in it. Answer every part of the question. Facts marked as about the person asking are theirs alone. If the information does not answer a part, say you don't know and suggest e-mailing the committee at ${email}.\n\nClub information:\n${passages.map((p) => `- ${p.title}: ${p.text}`).join('\n')}`,
            },
            { role: 'user', content: question },
          ],
        }),
        signal: AbortSignal.timeout(model.timeoutMs),
      });
      if (!res.ok) throw new Error(`model answered ${res.status}`);
      const body = (await res.json()) as { choices?: { message?: { content?: unknown } }[] };
      const text = body.choices?.[0]?.message?.content;
      if (typeof text !== 'string' || !text.trim()) throw new Error('model sent no text');
      return text
        .replace(/<[^>]*>/g, '')
        .trim()
        .slice(0, 2000);
    } catch (error) {
      this.deps.log.warn({ err: (error as Error).message }, 'Assistant model failed; answering from the club content');
      return null;
    }
  }
}

/** 'Can I use live bait?', 'Is smoking allowed?': asks for a rule, which the landing page's copy never sets. */
const PERMISSION = /^\s*(?:can|may|could) (?:i|we|you|juniors?|kids|members)\b|\ballowed\b|\bpermitted\b/i;

/**
 * The part names something the club's content never mentions ('the Gold Coast Classic', 'Hawaii'): whatever
 * passage shares its other words is about something else. A name is a capitalised word inside the sentence, not
 * the asker's own ('I'm Dana').
 */
const CALENDAR_WORDS =
  /^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|May|June|July|August|September|October|November|December|Christmas|Easter)$/;

function namesSomethingElse(part: string, knows: (word: string) => boolean): boolean {
  const words = part.replace(/\b(?:i'm|i am|my name is|this is|it's)\s+[A-Z]\w*/gi, ' ').split(/\s+/);
  return words
    .slice(1)
    .map((w) => w.replace(/(?:['’]s)?[?!.,;:]*$/, ''))
    .some((w) => /^[A-Z][a-z]+$/.test(w) && !CALENDAR_WORDS.test(w) && !knows(w));
}

const NO_MEMBERSHIP =
  "Your account has no club membership yet. Join from the club's home page ('Join Our Club Today') and your membership details will show here.";

/** Where the member reads what was answered: their entries, or their profile. */
function personalUrl(about: Extract<About, { who: 'self' }>): string {
  return about.topics.includes('entries') ? '/member?tab=events' : '/member?tab=profile';
}

function linksOf(passages: Passage[]): ChatReply['links'] {
  const seen = new Map<string, string>();
  for (const p of passages) if (!seen.has(p.url)) seen.set(p.url, p.title);
  return [...seen].map(([url, title]) => ({ title, url }));
}
