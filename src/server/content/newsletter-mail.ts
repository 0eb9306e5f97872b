import type { EntityManager } from '@mikro-orm/postgresql';
import { clubToday } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import {
  UNSUBSCRIBE_PAGE_PATH,
  type NewsletterContent,
  type NewsletterSponsor,
  type RenderedNewsletter,
} from '../../shared/newsletters.schema';
import { Newsletter, SiteSetting, Sponsor } from '../db/entities';
import { personalise, renderNewsletter, type RenderedNewsletterMail } from '../emails/newsletter.emails';
import type { Actor } from '../platform/actor';
import { requireUser } from '../platform/actor';
import { recordAudit } from '../platform/audit.service';
import type { NewslettersDeps } from './newsletter-common';
import { sanitizeHtml } from './html';

/**
 * A newsletter as mail: rendered with the club's profile, sponsors and meeting night, previewed, and sent as a test.
 */
export class NewsletterMail {
  private readonly rendered = new Map<string, Promise<RenderedNewsletterMail>>();

  constructor(
    private readonly deps: NewslettersDeps,
    private readonly siteOrigin: string,
  ) {}

  async preview(em: EntityManager, input: NewsletterContent): Promise<RenderedNewsletter> {
    const mail = await this.render(em, input, await this.websiteSponsors(em));
    return { subject: mail.subject, html: personalise(mail, `${this.deps.publicUrl}${UNSUBSCRIBE_PAGE_PATH}`).html };
  }

  /** Sends the text as it stands to the committee member asking (only them), marked as a test; audited. */
  async testSend(em: EntityManager, actor: Actor, input: NewsletterContent & { id?: string }): Promise<{ message: string }> {
    const user = requireUser(actor);
    const mail = await this.render(
      em,
      input,
      await this.websiteSponsors(em),
      'Test send: only you received this. Nothing has gone to members.',
    );
    let delivered = true;
    try {
      const test = personalise(mail, `${this.deps.publicUrl}${UNSUBSCRIBE_PAGE_PATH}`);
      await this.deps.mailer.send({ to: user.email, ...test, subject: `[Test] ${test.subject}` });
    } catch (error) {
      delivered = false;
      this.deps.log.error({ err: (error as Error)?.message, subject: input.subject }, 'Newsletter test send failed');
    }
    recordAudit(em, {
      actor: user,
      action: 'newsletter.test_send',
      entityType: 'Newsletter',
      entityId: input.id ?? 'unsaved',
      before: null,
      after: { to: user.email, subject: input.subject, delivered },
    });
    await em.flush();
    if (!delivered)
      throw new AppError('BAD_GATEWAY', 'The test could not be sent: the mail server did not accept it. Please try again later.');
    return { message: `A test was sent to ${user.email}.` };
  }

  /** The newsletter's mail as it is sent (its sponsors as queued), rendered once for the messages of a few newsletters. */
  renderedFor(em: EntityManager, id: string): Promise<RenderedNewsletterMail> {
    let mail = this.rendered.get(id);
    if (!mail) {
      mail = (async () => {
        const newsletter = await em.fork().findOneOrFail(Newsletter, { id });
        return this.render(em, newsletter, newsletter.sponsors ?? []);
      })();
      mail.catch(() => this.rendered.delete(id));
      // A few newsletters at most are ever sending at once.
      if (this.rendered.size >= 4) this.rendered.delete(this.rendered.keys().next().value!);
      this.rendered.set(id, mail);
    }
    return mail;
  }

  private async render(em: EntityManager, content: NewsletterContent, sponsors: NewsletterSponsor[], banner?: string) {
    const meeting = await em.fork().findOne(SiteSetting, { settingKey: 'meeting_night' });
    return renderNewsletter(await this.deps.club.profile(em.fork()), {
      subject: content.subject,
      bodyHtml: sanitizeHtml(content.bodyHtml, this.siteOrigin),
      sponsors,
      meetingNight: meeting?.settingValue?.trim() || null,
      publicUrl: this.deps.publicUrl,
      banner,
    });
  }

  /** The active sponsors whose package includes newsletters (Website, or Shirt & Website). */
  async websiteSponsors(em: EntityManager): Promise<NewsletterSponsor[]> {
    const today = clubToday(this.deps.clock.now());
    const sponsors = await em.find(
      Sponsor,
      { status: 'active', sponsorshipType: { $in: ['website', 'both'] }, $or: [{ endDate: null }, { endDate: { $gte: today } }] },
      { orderBy: { amountCents: 'desc', companyName: 'asc' } },
    );
    return sponsors.map((s) => ({ name: s.companyName, logoUrl: s.logoUrl ?? null, websiteUrl: s.websiteUrl ?? null }));
  }
}
