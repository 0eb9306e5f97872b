import type { EntityManager } from '@mikro-orm/postgresql';
import { clubToday } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import { CURRENCY, centsToAmount } from '../../shared/membership';
import { SPONSORSHIP_LABELS, SPONSORSHIP_PRICES_CENTS, type AdminSponsor, type PublicSponsor, type SponsorApplication, type SponsorReview } from '../../shared/sponsors.schema';
import type { Clock } from '../clock';
import { Payment, Sponsor } from '../db/entities';
import { sponsorAcknowledgementMessage, sponsorNoticeMessage } from '../emails/sponsors.emails';
import { deliverQuietly, type Mailer } from '../integrations/mailer';
import { recordAudit } from './audit.service';
import type { Actor } from './auth.service';
import type { CmsService } from './cms.service';
import type { ContentCache } from './content-cache';
import { consumeRateLimit, type RateRules } from './rate-limit.service';

export interface SponsorsDeps {
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  rateRules: RateRules;
  cache: ContentCache;
  cms: CmsService;
  log: { error(obj: object, msg: string): void };
}

export const SPONSOR_APPLIED_MESSAGE = 'Sponsor application submitted successfully! We will contact you within 2 business days.';

/** Sponsor applications from the public form, the committee's review, and the sponsors shown on the site. */
export class SponsorsService {
  constructor(private readonly deps: SponsorsDeps) {}

  /** Active sponsors whose end date (club time) has not passed. Cached for the public pages. */
  async active(em: EntityManager): Promise<PublicSponsor[]> {
    const today = clubToday(this.deps.clock.now());
    const { value } = await this.deps.cache.get(`sponsors.active:${today}`, async () => {
      const sponsors = await em.find(
        Sponsor,
        { status: 'active', $or: [{ endDate: null }, { endDate: { $gte: today } }] },
        { orderBy: { amountCents: 'desc', companyName: 'asc' } },
      );
      return sponsors.map((s) => this.publicView(s));
    });
    return value;
  }

  /**
   * A new application. The same company applying again from the same address while the first is still
   * pending updates that application instead of adding a second (a double click, a retry).
   */
  async apply(em: EntityManager, actor: Actor, input: SponsorApplication): Promise<{ message: string }> {
    await consumeRateLimit(em, this.deps.clock, this.deps.rateRules.sponsorPerIp, actor.ip);
    const fields = { ...input, amountCents: SPONSORSHIP_PRICES_CENTS[input.sponsorshipType] };
    const existing = await em.findOne(Sponsor, { status: 'pending', email: input.email, companyName: { $ilike: input.companyName } });
    if (existing) {
      em.assign(existing, fields);
      await em.flush();
      return { message: SPONSOR_APPLIED_MESSAGE };
    }
    const sponsor = em.create(Sponsor, { ...fields, status: 'pending', logoUrl: null, websiteUrl: null, endDate: null, reviewedAt: null });
    await em.flush();
    const contactEmail = await this.deps.cms.contactEmail(em);
    const [ack, notice] = await Promise.all([sponsorAcknowledgementMessage(fields), sponsorNoticeMessage(fields, `${this.deps.publicUrl}/admin?tab=sponsors`)]);
    await deliverQuietly(this.deps.mailer, this.deps.log, { to: sponsor.email, ...ack });
    await deliverQuietly(this.deps.mailer, this.deps.log, { to: contactEmail, ...notice });
    return { message: SPONSOR_APPLIED_MESSAGE };
  }

  async adminList(em: EntityManager): Promise<AdminSponsor[]> {
    const sponsors = await em.find(Sponsor, {}, { orderBy: { createdAt: 'desc' } });
    return sponsors.map((s) => this.adminView(s));
  }

  async review(em: EntityManager, actor: Actor, input: SponsorReview): Promise<AdminSponsor> {
    const sponsor = await em.findOne(Sponsor, { id: input.id });
    if (!sponsor) throw new AppError('NOT_FOUND', 'That sponsor does not exist.');
    const before = this.reviewFields(sponsor);
    const changes = Object.fromEntries(Object.entries({ status: input.status, logoUrl: input.logoUrl, websiteUrl: input.websiteUrl, endDate: input.endDate }).filter(([, v]) => v !== undefined));
    em.assign(sponsor, changes);
    if (input.status && input.status !== before.status) sponsor.reviewedAt = this.deps.clock.now();
    if (sponsor.status === 'active') await this.recordSponsorship(em, sponsor);
    recordAudit(em, { actor: actor.user, action: 'sponsor.review', entityType: 'Sponsor', entityId: sponsor.id, before, after: this.reviewFields(sponsor) });
    await em.flush();
    await this.deps.cache.changed(em);
    return this.adminView(sponsor);
  }

  /**
   * An accepted sponsor's package goes into the accounts once, as received (the club invoices sponsors
   * outside the site); the order id makes a second activation a no-op.
   */
  private async recordSponsorship(em: EntityManager, sponsor: Sponsor) {
    const providerOrderId = `sponsor-${sponsor.id}`;
    if (await em.count(Payment, { providerOrderId })) return;
    const now = this.deps.clock.now();
    em.create(Payment, {
      kind: 'sponsorship',
      purpose: sponsor.sponsorshipType,
      household: null,
      createdBy: null,
      description: `${SPONSORSHIP_LABELS[sponsor.sponsorshipType]}`,
      payee: sponsor.companyName,
      amountCents: sponsor.amountCents,
      currency: CURRENCY,
      provider: 'manual',
      providerOrderId,
      providerCaptureId: null,
      status: 'completed',
      capturedAt: now,
      lastError: null,
      rawResponse: null,
    });
  }

  private reviewFields(s: Sponsor) {
    return { status: s.status, logoUrl: s.logoUrl ?? null, websiteUrl: s.websiteUrl ?? null, endDate: s.endDate ?? null };
  }

  private publicView(s: Sponsor): PublicSponsor {
    return { id: s.id, companyName: s.companyName, sponsorshipType: s.sponsorshipType, amount: centsToAmount(s.amountCents), logoUrl: s.logoUrl ?? null, websiteUrl: s.websiteUrl ?? null };
  }

  private adminView(s: Sponsor): AdminSponsor {
    return {
      ...this.publicView(s),
      contactPerson: s.contactPerson,
      email: s.email,
      phone: s.phone,
      address: s.address ?? null,
      comments: s.comments ?? null,
      status: s.status,
      endDate: s.endDate ?? null,
      createdAt: s.createdAt.toISOString(),
      reviewedAt: s.reviewedAt?.toISOString() ?? null,
    };
  }
}
