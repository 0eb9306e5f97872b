import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  ArchivedNewsletter,
  DeliveryPage,
  NewsletterChoice,
  NewsletterSummary,
  NewsletterView,
  RenderedNewsletter,
  SegmentCount,
  UnsubscribeInfo,
} from '../../shared/newsletters.schema';
import { NewsletterArchive } from './newsletter-archive';
import { newsletterView, type NewslettersDeps } from './newsletter-common';
import { NewsletterDrafts } from './newsletter-drafts';
import { NewsletterMail } from './newsletter-mail';
import { NewsletterSegments, type Recipient } from './newsletter-segments';
import { NewsletterSending, type QueuePass } from './newsletter-sending';
import { NewsletterSubscriptions } from './newsletter-subscriptions';
import { UnsubscribeTokens } from './unsubscribe-tokens';

export type { NewslettersDeps } from './newsletter-common';
export { CLAIM_STALE_MS, type QueuePass } from './newsletter-sending';

/**
 * Newsletters and notices to members, the one door the routers, the REST shim and the jobs call: drafts
 * (newsletter-drafts), the segments they go to (newsletter-segments), the mail, its preview and test sends
 * (newsletter-mail), sending through a paced queue that survives a restart (newsletter-sending: each recipient
 * claimed before the message goes out), the archive (newsletter-archive), and choices and unsubscribing
 * (newsletter-subscriptions, with the links' tokens in unsubscribe-tokens).
 */
export class NewslettersService {
  /** Told when a newsletter is queued, so the queue starts at once rather than at its next look. */
  onQueued: () => void = () => {};
  private readonly drafts: NewsletterDrafts;
  private readonly segments: NewsletterSegments;
  private readonly mail: NewsletterMail;
  private readonly sending: NewsletterSending;
  private readonly archived: NewsletterArchive;
  private readonly tokens: UnsubscribeTokens;
  private readonly subscriptions: NewsletterSubscriptions;

  constructor(deps: NewslettersDeps) {
    const siteOrigin = new URL(deps.publicUrl).origin;
    this.drafts = new NewsletterDrafts(siteOrigin);
    this.segments = new NewsletterSegments(deps);
    this.mail = new NewsletterMail(deps, siteOrigin);
    this.tokens = new UnsubscribeTokens(deps);
    this.sending = new NewsletterSending(deps, { segments: this.segments, mail: this.mail, tokens: this.tokens }, () => this.onQueued());
    this.archived = new NewsletterArchive(siteOrigin);
    this.subscriptions = new NewsletterSubscriptions(deps, this.tokens);
  }

  // ---------- Drafts ----------

  list(em: EntityManager): Promise<NewsletterSummary[]> {
    return this.drafts.list(em);
  }

  /** `fresh`: read again from the database (after a write in another unit of work). */
  get(em: EntityManager, id: string, fresh = false): Promise<NewsletterView> {
    return newsletterView(em, id, fresh);
  }

  create(...args: Parameters<NewsletterDrafts['create']>): Promise<NewsletterView> {
    return this.drafts.create(...args);
  }

  update(...args: Parameters<NewsletterDrafts['update']>): Promise<NewsletterView> {
    return this.drafts.update(...args);
  }

  remove(...args: Parameters<NewsletterDrafts['remove']>): Promise<{ message: string }> {
    return this.drafts.remove(...args);
  }

  fromArticle(...args: Parameters<NewsletterDrafts['fromArticle']>): Promise<NewsletterView> {
    return this.drafts.fromArticle(...args);
  }

  // ---------- Segments ----------

  countSegment(...args: Parameters<NewsletterSegments['countSegment']>): Promise<SegmentCount> {
    return this.segments.countSegment(...args);
  }

  recipients(
    ...args: Parameters<NewsletterSegments['recipients']>
  ): Promise<{ send: Recipient[]; skipped: Recipient[]; withoutEmail: number }> {
    return this.segments.recipients(...args);
  }

  // ---------- Preview and test ----------

  preview(...args: Parameters<NewsletterMail['preview']>): Promise<RenderedNewsletter> {
    return this.mail.preview(...args);
  }

  testSend(...args: Parameters<NewsletterMail['testSend']>): Promise<{ message: string }> {
    return this.mail.testSend(...args);
  }

  // ---------- Sending ----------

  send(...args: Parameters<NewsletterSending['send']>): Promise<NewsletterView> {
    return this.sending.send(...args);
  }

  resend(...args: Parameters<NewsletterSending['resend']>): Promise<NewsletterView> {
    return this.sending.resend(...args);
  }

  sendDue(em: EntityManager, perSecond: number): Promise<QueuePass> {
    return this.sending.sendDue(em, perSecond);
  }

  // ---------- Archive ----------

  archive(...args: Parameters<NewsletterArchive['archive']>): Promise<ArchivedNewsletter[]> {
    return this.archived.archive(...args);
  }

  read(...args: Parameters<NewsletterArchive['read']>): ReturnType<NewsletterArchive['read']> {
    return this.archived.read(...args);
  }

  deliveries(...args: Parameters<NewsletterArchive['deliveries']>): Promise<DeliveryPage> {
    return this.archived.deliveries(...args);
  }

  // ---------- Choices and unsubscribing ----------

  myChoice(...args: Parameters<NewsletterSubscriptions['myChoice']>): Promise<{ email: string; choice: NewsletterChoice }> {
    return this.subscriptions.myChoice(...args);
  }

  setMyChoice(...args: Parameters<NewsletterSubscriptions['setMyChoice']>): Promise<{ email: string; choice: NewsletterChoice }> {
    return this.subscriptions.setMyChoice(...args);
  }

  unsubscribeInfo(...args: Parameters<NewsletterSubscriptions['unsubscribeInfo']>): Promise<UnsubscribeInfo> {
    return this.subscriptions.unsubscribeInfo(...args);
  }

  unsubscribe(...args: Parameters<NewsletterSubscriptions['unsubscribe']>): Promise<{ message: string }> {
    return this.subscriptions.unsubscribe(...args);
  }

  resubscribe(...args: Parameters<NewsletterSubscriptions['resubscribe']>): Promise<{ message: string }> {
    return this.subscriptions.resubscribe(...args);
  }

  /** An unsubscribe link's token: the delivery's id and its signature, so nobody can unsubscribe another address. */
  tokenFor(deliveryId: number): string {
    return this.tokens.tokenFor(deliveryId);
  }
}
