import type { EntityManager } from '@mikro-orm/postgresql';
import type { NewsletterChoice, UnsubscribeInfo } from '../../shared/newsletters.schema';
import { NewsletterPreference } from '../db/entities';
import type { Actor } from '../platform/actor';
import { requireUser } from '../platform/actor';
import { recordAudit } from '../platform/audit.service';
import type { NewslettersDeps } from './newsletter-common';
import type { UnsubscribeTokens } from './unsubscribe-tokens';

/** Who wants which newsletters: a member's own choice, and unsubscribing (and back) from a newsletter's link. */
export class NewsletterSubscriptions {
  constructor(
    private readonly deps: Pick<NewslettersDeps, 'clock'>,
    private readonly tokens: UnsubscribeTokens,
  ) {}

  async myChoice(em: EntityManager, actor: Actor): Promise<{ email: string; choice: NewsletterChoice }> {
    const email = requireUser(actor).email.toLowerCase();
    const row = await em.findOne(NewsletterPreference, { email });
    return { email, choice: row?.choice ?? 'members' };
  }

  async setMyChoice(em: EntityManager, actor: Actor, choice: NewsletterChoice): Promise<{ email: string; choice: NewsletterChoice }> {
    const email = requireUser(actor).email.toLowerCase();
    await this.setChoice(em, email, choice, 'portal');
    return { email, choice };
  }

  async unsubscribeInfo(em: EntityManager, token: string): Promise<UnsubscribeInfo> {
    const delivery = await this.tokens.deliveryOf(em, token);
    const row = await em.findOne(NewsletterPreference, { email: delivery.email });
    return { email: delivery.email, subject: delivery.newsletter.subject, unsubscribed: row?.choice === 'none' };
  }

  /**
   * Unsubscribes the address a newsletter went to from every newsletter (from the page, or a mail app's one-click
   * button); safe to repeat. Service e-mails are not affected.
   */
  async unsubscribe(em: EntityManager, token: string, source: 'unsubscribe page' | 'one-click'): Promise<{ message: string }> {
    const delivery = await this.tokens.deliveryOf(em, token);
    await this.setChoice(em, delivery.email, 'none', source);
    await em.execute('update newsletter_deliveries set unsubscribed_at = coalesce(unsubscribed_at, ?) where id = ?', [
      this.deps.clock.now(),
      delivery.id,
    ]);
    return { message: `${delivery.email} is unsubscribed from the club's newsletters.` };
  }

  async resubscribe(em: EntityManager, token: string): Promise<{ message: string }> {
    const delivery = await this.tokens.deliveryOf(em, token);
    await this.setChoice(em, delivery.email, 'members', 'unsubscribe page');
    return { message: `${delivery.email} will receive the club's newsletters again.` };
  }

  private async setChoice(em: EntityManager, email: string, choice: NewsletterChoice, source: string) {
    const before = await em.findOne(NewsletterPreference, { email });
    if ((before?.choice ?? 'members') === choice) return;
    await em.execute(
      `insert into newsletter_preferences (email, choice, source, changed_at) values (?, ?, ?, ?)
       on conflict (email) do update set choice = excluded.choice, source = excluded.source, changed_at = excluded.changed_at`,
      [email, choice, source, this.deps.clock.now()],
    );
    // Kept with the club's records, so the committee can see why someone no longer receives newsletters.
    recordAudit(em, {
      actor: null,
      actorLabel: source,
      action: 'newsletter.choice',
      entityType: 'NewsletterPreference',
      entityId: email,
      before: { choice: before?.choice ?? 'members' },
      after: { choice },
    });
    await em.flush();
  }
}
