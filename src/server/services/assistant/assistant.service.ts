import type { EntityManager } from '@mikro-orm/postgresql';
import type { ChatReply } from '../../../shared/chat.schema';
import type { Clock } from '../../clock';
import type { Actor } from '../actor';
import type { ContentCache } from '../content-cache';
import { consumeRateLimit, type RateRules } from '../rate-limit.service';
import { gatherKnowledge, type KnowledgeSources, type Passage } from './knowledge';
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
  log: { warn(obj: object, msg: string): void };
}

/**
 * Below this BM25 score, or with less than half of the question's meaningful words in it, the best
 * passage is not about the question: say so rather than guess.
 */
export const MIN_SCORE = 3;
export const MIN_COVERAGE = 0.5;

/**
 * The fishing assistant. It answers only from the club's own content (documents, prices, events,
 * sponsorship, size limits, CMS pages and news), retrieved per question; an OpenAI-compatible model,
 * when configured, only rewords those passages. With nothing relevant it declines and points to the
 * committee, so it never invents a fee, a date or a rule.
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
    const hits = index.search(message).filter((h) => h.score >= MIN_SCORE && h.coverage >= MIN_COVERAGE);
    if (hits.length === 0) return this.decline(em);
    const used = this.chosen(hits);
    const builtIn = used.map((h) => h.passage.text).join('\n\n');
    const response =
      (this.deps.model &&
        (await this.fromModel(
          message,
          used.map((h) => h.passage),
          em,
        ))) ||
      builtIn;
    return { response, links: links(used.map((h) => h.passage)) };
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
  private async fromModel(question: string, passages: Passage[], em: EntityManager): Promise<string | null> {
    const model = this.deps.model!;
    const email = await this.deps.cms.contactEmail(em);
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
              content: `You are the friendly assistant of a recreational fishing club in the Tweed Shire, NSW. Answer in plain text (no HTML, no Markdown), briefly, using ONLY the club information below. Never state a fee, date, size or rule that is not in it. If it does not answer the question, say you don't know and suggest e-mailing the committee at ${email}.\n\nClub information:\n${passages.map((p) => `- ${p.title}: ${p.text}`).join('\n')}`,
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

function links(passages: Passage[]): ChatReply['links'] {
  const seen = new Map<string, string>();
  for (const p of passages) if (!seen.has(p.url)) seen.set(p.url, p.title);
  return [...seen].map(([url, title]) => ({ title, url }));
}
