import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { addYears, clubLocalToInstant, clubToday, formatAuDate } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import { centsToAmount } from '../../shared/membership';
import {
  nextSeason,
  seasonEnd,
  seasonOf,
  seasonStart,
  type AdminSponsor,
  type RecordSponsorPayment,
  type Season,
  type SponsorReview,
} from '../../shared/sponsors.schema';
import { Payment, Sponsor } from '../db/entities';
import { invoiceSeason, newPayToken } from '../payments/sponsor-invoices';
import type { Actor } from '../platform/actor';
import { recordAudit } from '../platform/audit.service';
import { refuseApiAddress } from './api-address';
import { reviewFields, type InvoiceMail, type SponsorsDeps } from './sponsor-common';
import type { SponsorInvoicing } from './sponsor-invoicing';

/** The committee's work on a sponsor: the review, renewing for a season, a new pay link, a payment received outside the site. */
export class SponsorAdmin {
  constructor(
    private readonly deps: SponsorsDeps,
    private readonly invoicing: SponsorInvoicing,
  ) {}

  private today() {
    return clubToday(this.deps.clock.now());
  }

  /**
   * The committee's review. Accepting a sponsor puts them on the site (until the season's end unless the
   * committee set an end date) and sends them this season's invoice with a pay link; declining or ending a
   * sponsorship cancels what it has not paid. Money already received stays (the committee can refund it).
   */
  async review(em: EntityManager, actor: Actor, input: SponsorReview): Promise<AdminSponsor> {
    const siteOrigin = new URL(this.deps.publicUrl).origin;
    // Both addresses checked before answering, so the form marks every refused field at once.
    const refused: Record<string, string> = {};
    for (const [value, label, field] of [
      [input.logoUrl, 'The logo', 'logoUrl'],
      [input.websiteUrl, 'The website', 'websiteUrl'],
    ] as const) {
      try {
        refuseApiAddress(value, label, field, siteOrigin);
      } catch (error) {
        if (!(error instanceof AppError) || !error.details?.field) throw error;
        refused[error.details.field] = error.message;
      }
    }
    const [first] = Object.entries(refused);
    if (first) throw new AppError('BAD_REQUEST', first[1], { field: first[0], fields: refused });
    const today = this.today();
    const mails: InvoiceMail[] = [];
    const sponsorId = await em.transactional(async (tem) => {
      const sponsor = await tem.findOne(Sponsor, { id: input.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!sponsor) throw new AppError('NOT_FOUND', 'That sponsor does not exist.');
      const before = reviewFields(sponsor);
      const changes = Object.fromEntries(
        Object.entries({ status: input.status, logoUrl: input.logoUrl, websiteUrl: input.websiteUrl, endDate: input.endDate }).filter(
          ([, v]) => v !== undefined,
        ),
      );
      tem.assign(sponsor, changes);
      if (input.status && input.status !== before.status) sponsor.reviewedAt = this.deps.clock.now();
      const by = { actor: actor.user, label: 'committee' };

      if (sponsor.status === 'active' && before.status !== 'active') {
        const season = seasonOf(today);
        // Shown from acceptance to the end of the season, unless the committee gave a date in this review.
        if (!input.endDate && (!sponsor.endDate || sponsor.endDate < today)) sponsor.endDate = seasonEnd(season);
        const reachesSeason = !sponsor.endDate || sponsor.endDate >= seasonStart(season);
        if (reachesSeason && !(await this.invoicing.openInvoice(tem, sponsor, season)))
          mails.push(this.invoicing.createInvoice(tem, sponsor, season, by, 'accepted'));
      }
      if (before.status === 'active' && sponsor.status !== 'active') {
        await this.invoicing.voidUnpaid(
          tem,
          sponsor,
          by,
          () => true,
          `The sponsorship was ${sponsor.status === 'declined' ? 'declined' : 'set back to pending'} by the committee.`,
        );
      }
      if (input.endDate) {
        const endDate = input.endDate;
        await this.invoicing.voidUnpaid(
          tem,
          sponsor,
          by,
          (season) => seasonStart(season) > endDate,
          `The sponsorship ends on ${formatAuDate(endDate)}, before this season.`,
        );
      }
      recordAudit(tem, {
        actor: actor.user,
        action: 'sponsor.review',
        entityType: 'Sponsor',
        entityId: sponsor.id,
        before,
        after: reviewFields(sponsor),
      });
      return sponsor.id;
    });
    await this.invoicing.sendInvoiceMails(em, mails);
    return this.invoicing.adminOne(em, sponsorId);
  }

  /**
   * Invoices an active sponsor for another season (the next one unless the committee names this one) and
   * e-mails the pay link. A season that already has an invoice (not cancelled) is refused.
   */
  async renew(em: EntityManager, actor: Actor, input: { id: string; season?: Season }): Promise<AdminSponsor> {
    const current = seasonOf(this.today());
    const season = input.season ?? nextSeason(current);
    if (season !== current && season !== nextSeason(current)) {
      throw new AppError('BAD_REQUEST', `A sponsor can be renewed for this season (${current}) or the next (${nextSeason(current)}).`, {
        field: 'season',
      });
    }
    const mails: InvoiceMail[] = [];
    await em.transactional(async (tem) => {
      const sponsor = await tem.findOne(Sponsor, { id: input.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!sponsor) throw new AppError('NOT_FOUND', 'That sponsor does not exist.');
      if (sponsor.status !== 'active')
        throw new AppError('CONFLICT', `Only an active sponsor can be renewed. Accept ${sponsor.companyName} first.`);
      if (await this.invoicing.openInvoice(tem, sponsor, season))
        throw new AppError('CONFLICT', `${sponsor.companyName} already has an invoice for the ${season} season.`, { field: 'season' });
      const before = reviewFields(sponsor);
      // Renewed is agreed: the logo stays up through that season, as on acceptance.
      if (sponsor.endDate && sponsor.endDate < seasonEnd(season)) sponsor.endDate = seasonEnd(season);
      mails.push(this.invoicing.createInvoice(tem, sponsor, season, { actor: actor.user, label: 'committee' }, 'renewed'));
      recordAudit(tem, {
        actor: actor.user,
        action: 'sponsor.renew',
        entityType: 'Sponsor',
        entityId: sponsor.id,
        before,
        after: { ...reviewFields(sponsor), season },
      });
    });
    await this.invoicing.sendInvoiceMails(em, mails);
    return this.invoicing.adminOne(em, input.id);
  }

  /** A new pay link for an unpaid invoice, e-mailed to the sponsor; the old link stops working. */
  async sendPayLink(em: EntityManager, actor: Actor, input: { invoiceId: string }): Promise<AdminSponsor> {
    const mails: InvoiceMail[] = [];
    const sponsorId = await em.transactional(async (tem) => {
      const invoice = await tem.findOne(
        Payment,
        { id: input.invoiceId, kind: 'sponsorship', refundOf: null },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!invoice?.sponsor) throw new AppError('NOT_FOUND', 'That invoice does not exist.');
      this.invoicing.refuseUnlessPayable(invoice, 'committee');
      const sponsor = await tem.findOneOrFail(Sponsor, { id: invoice.sponsor.id });
      if (sponsor.status !== 'active')
        throw new AppError('CONFLICT', `${sponsor.companyName} is not an active sponsor, so no pay link was sent.`);
      const { token, hash } = newPayToken();
      invoice.payTokenHash = hash;
      recordAudit(tem, {
        actor: actor.user,
        action: 'sponsorship.pay_link',
        entityType: 'Payment',
        entityId: invoice.id,
        after: { sponsorId: sponsor.id, season: invoiceSeason(invoice), to: sponsor.email },
      });
      mails.push(this.invoicing.invoiceMail(sponsor, invoice, token, 'resent'));
      return sponsor.id;
    });
    await this.invoicing.sendInvoiceMails(em, mails);
    return this.invoicing.adminOne(em, sponsorId);
  }

  /**
   * Money the committee received outside the site (cash, bank transfer, a card at the desk, a cheque): the
   * invoice is settled like any payment, dated noon (club time) of the day it arrived, and the receipt goes out.
   */
  async recordPayment(em: EntityManager, actor: Actor, input: RecordSponsorPayment): Promise<AdminSponsor> {
    const today = this.today();
    // As for membership payments: a real day, not after today and at most a year back (a mistyped year is caught).
    if (input.paidOn > today)
      throw new AppError('BAD_REQUEST', `Paid on cannot be in the future (today is ${formatAuDate(today)}).`, { field: 'paidOn' });
    const earliest = addYears(today, -1);
    if (input.paidOn < earliest)
      throw new AppError('BAD_REQUEST', `Paid on must be within the last year (on or after ${formatAuDate(earliest)}).`, {
        field: 'paidOn',
      });
    const invoice = await em.findOne(Payment, { id: input.invoiceId, kind: 'sponsorship', refundOf: null });
    if (!invoice?.sponsor) throw new AppError('NOT_FOUND', 'That invoice does not exist.');
    this.invoicing.refuseUnlessPayable(invoice, 'committee');
    const noon = clubLocalToInstant(`${input.paidOn}T12:00`);
    const now = this.deps.clock.now();
    const by = { actor: actor.user, label: 'committee' };
    const previous = await em.transactional(async (tem) => {
      const locked = await tem.findOneOrFail(Payment, { id: invoice.id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
      this.invoicing.refuseUnlessPayable(locked, 'committee');
      const was = { provider: locked.provider, method: locked.method ?? null, reference: locked.reference ?? null };
      locked.provider = 'manual';
      locked.method = input.method;
      locked.reference = input.reference;
      recordAudit(tem, {
        actor: actor.user,
        actorLabel: 'committee',
        action: 'payment.manual',
        entityType: 'Payment',
        entityId: locked.id,
        after: {
          method: input.method,
          paidOn: input.paidOn,
          reference: input.reference,
          amountCents: locked.amountCents,
          season: invoiceSeason(locked),
        },
      });
      return was;
    });
    const settled = await this.deps.paymentsService.settle(
      em,
      invoice.id,
      {
        outcome: 'completed',
        captureId: `MANUAL-${invoice.id.slice(0, 8).toUpperCase()}`,
        amount: centsToAmount(invoice.amountCents),
        currency: invoice.currency,
        raw: {
          manual: true,
          method: input.method,
          paidOn: input.paidOn,
          reference: input.reference,
          recordedBy: actor.user?.email ?? null,
        },
      },
      { ...by, capturedAt: noon < now ? noon : now },
    );
    if (settled.kind !== 'completed' || !settled.fresh) {
      // The sponsor's online payment completed in the same moment: it stands as it came, and nothing is recorded twice.
      await em.nativeUpdate(Payment, { id: invoice.id }, previous);
      recordAudit(em, {
        actor: actor.user,
        actorLabel: 'committee',
        action: 'payment.manual_discarded',
        entityType: 'Payment',
        entityId: invoice.id,
        after: { reason: 'Paid online at the same time' },
      });
      await em.flush();
      throw new AppError(
        'CONFLICT',
        'This invoice was paid online just now, so your payment was not recorded. If the sponsor paid twice, refund one payment under Payments.',
      );
    }
    return this.invoicing.adminOne(em, invoice.sponsor.id);
  }
}
