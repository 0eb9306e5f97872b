import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { addYears, clubLocalToInstant, clubToday, formatAuDate } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import { CURRENCY, centsToAmount } from '../../shared/membership';
import {
  nextSeason,
  seasonEnd,
  seasonOf,
  seasonStart,
  SPONSORSHIP_LABELS,
  SPONSORSHIP_PRICES_CENTS,
  type AdminSponsor,
  type PayLinkInvoice,
  type PublicSponsor,
  type RecordSponsorPayment,
  type Season,
  type SponsorApplication,
  type SponsorInvoice,
  type SponsorReview,
} from '../../shared/sponsors.schema';
import type { Clock } from '../clock';
import { Payment, Sponsor } from '../db/entities';
import {
  sponsorAcknowledgementMessage,
  sponsorConfirmAddressMessage,
  sponsorInvoiceMessage,
  sponsorNoticeMessage,
  type SponsorInvoiceDetails,
} from '../emails/sponsors.emails';
import { deliverQuietly, type Mailer } from '../integrations/mailer';
import { PaymentProviderError, type PaymentProvider } from '../integrations/payments';
import { recordAudit } from '../platform/audit.service';
import type { Actor } from '../platform/actor';
import { refuseApiAddress, type CmsService } from './cms.service';
import type { ContentCache } from '../platform/content-cache';
import type { PaymentsService } from '../payments/payments.service';
import { consumeRateLimit, type RateRules } from '../platform/rate-limit.service';
import { hashPayToken, invoiceSeason, invoiceStatus, newPayToken } from '../payments/sponsor-invoices';
import { addressConfirmed, confirmAddressLink, newAddressLink } from './sponsor-address';

export interface SponsorsDeps {
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  rateRules: RateRules;
  cache: ContentCache;
  cms: CmsService;
  log: { error(obj: object, msg: string): void };
  /** The online payment provider; null: sponsors pay the committee directly. */
  payments: PaymentProvider | null;
  /** Orders, captures and settling go the way of every other payment (receipts and audit included). */
  paymentsService: Pick<PaymentsService, 'sendOrder' | 'settle' | 'captureAndSettle'>;
}

export const SPONSOR_APPLIED_MESSAGE = 'Sponsor application submitted successfully! We will contact you within 2 business days.';

const NO_SUCH_LINK =
  'This pay link is not valid. It may have been replaced by a newer one: please use the link in the latest e-mail from the club, or contact the club.';
const ALREADY_PAID = 'This invoice has already been paid. Thank you!';
const CANCELLED = 'This invoice was cancelled by the club, so it cannot be paid. Please contact the club if you think this is a mistake.';
const IN_PROGRESS =
  'PayPal is still processing a payment for this invoice, so there is nothing more to pay. We will e-mail your receipt when PayPal releases it.';
const NEEDS_REVIEW = "This invoice needs the committee's attention before it can be paid. Please contact the club.";
const NO_ONLINE_PAYMENT =
  'Online payment is not available right now. Please pay by bank transfer (see the e-mail with your invoice) or contact the club.';
const WRONG_ORDER = 'That payment is not for this invoice. Please start the payment again.';
const DECLINED = 'Payment failed. Please try again or contact support if the issue persists.';

type By = { actor: Actor['user']; label: string };
/** An invoice's e-mail; to an address its applicant has not proved, the link that confirms it instead (sponsor-address.ts). */
type InvoiceMail = (Omit<SponsorInvoiceDetails, 'contactEmail' | 'payOnline'> & { to: string }) | { to: string; confirmUrl: string };

/** Sponsor applications from the public form, the committee's review, the sponsors shown on the site, and their season invoices. */
export class SponsorsService {
  constructor(private readonly deps: SponsorsDeps) {}

  private today() {
    return clubToday(this.deps.clock.now());
  }

  /** Active sponsors whose end date (club time) has not passed. Cached for the public pages. */
  async active(em: EntityManager): Promise<PublicSponsor[]> {
    const today = this.today();
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
   * A new application. The same company (its literal name, in any case) applying again from the same address
   * while the first is still pending updates that application instead of adding a second (a double click, a retry).
   */
  async apply(em: EntityManager, actor: Actor, input: SponsorApplication): Promise<{ message: string }> {
    await consumeRateLimit(em, this.deps.clock, this.deps.rateRules.sponsorPerIp, actor.ip);
    const fields = { ...input, amountCents: SPONSORSHIP_PRICES_CENTS[input.sponsorshipType] };
    // Compared as text, never as a pattern: '%' or '_' in a name match only themselves.
    const sameName = (s: Sponsor) => s.companyName.toLowerCase() === input.companyName.toLowerCase();
    const existing = (await em.find(Sponsor, { status: 'pending', email: input.email }, { orderBy: { createdAt: 'asc' } })).find(sameName);
    if (existing) {
      em.assign(existing, fields);
      await em.flush();
      return { message: SPONSOR_APPLIED_MESSAGE };
    }
    const sponsor = em.create(Sponsor, { ...fields, status: 'pending', logoUrl: null, websiteUrl: null, endDate: null, reviewedAt: null });
    const confirmUrl = newAddressLink(sponsor, this.deps.clock.now(), this.deps.publicUrl);
    await em.flush();
    const contactEmail = await this.deps.cms.contactEmail(em);
    const [ack, notice] = await Promise.all([
      sponsorAcknowledgementMessage({ ...fields, confirmUrl }),
      sponsorNoticeMessage(fields, `${this.deps.publicUrl}/admin?tab=sponsors`),
    ]);
    await deliverQuietly(this.deps.mailer, this.deps.log, { to: sponsor.email, ...ack });
    await deliverQuietly(this.deps.mailer, this.deps.log, { to: contactEmail, ...notice });
    return { message: SPONSOR_APPLIED_MESSAGE };
  }

  async adminList(em: EntityManager): Promise<AdminSponsor[]> {
    const sponsors = await em.find(Sponsor, {}, { orderBy: { createdAt: 'desc' } });
    const invoices = await this.invoicesOf(em, sponsors);
    return sponsors.map((s) => this.adminView(s, invoices.get(s.id) ?? []));
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
      const before = this.reviewFields(sponsor);
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
        if (reachesSeason && !(await this.openInvoice(tem, sponsor, season)))
          mails.push(this.createInvoice(tem, sponsor, season, by, 'accepted'));
      }
      if (before.status === 'active' && sponsor.status !== 'active') {
        await this.voidUnpaid(
          tem,
          sponsor,
          by,
          () => true,
          `The sponsorship was ${sponsor.status === 'declined' ? 'declined' : 'set back to pending'} by the committee.`,
        );
      }
      if (input.endDate) {
        const endDate = input.endDate;
        await this.voidUnpaid(
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
        after: this.reviewFields(sponsor),
      });
      return sponsor.id;
    });
    await this.sendInvoiceMails(em, mails);
    return this.adminOne(em, sponsorId);
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
      if (await this.openInvoice(tem, sponsor, season))
        throw new AppError('CONFLICT', `${sponsor.companyName} already has an invoice for the ${season} season.`, { field: 'season' });
      const before = this.reviewFields(sponsor);
      // Renewed is agreed: the logo stays up through that season, as on acceptance.
      if (sponsor.endDate && sponsor.endDate < seasonEnd(season)) sponsor.endDate = seasonEnd(season);
      mails.push(this.createInvoice(tem, sponsor, season, { actor: actor.user, label: 'committee' }, 'renewed'));
      recordAudit(tem, {
        actor: actor.user,
        action: 'sponsor.renew',
        entityType: 'Sponsor',
        entityId: sponsor.id,
        before,
        after: { ...this.reviewFields(sponsor), season },
      });
    });
    await this.sendInvoiceMails(em, mails);
    return this.adminOne(em, input.id);
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
      this.refuseUnlessPayable(invoice, 'committee');
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
      mails.push(this.invoiceMail(sponsor, invoice, token, 'resent'));
      return sponsor.id;
    });
    await this.sendInvoiceMails(em, mails);
    return this.adminOne(em, sponsorId);
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
    this.refuseUnlessPayable(invoice, 'committee');
    const noon = clubLocalToInstant(`${input.paidOn}T12:00`);
    const now = this.deps.clock.now();
    const by = { actor: actor.user, label: 'committee' };
    const previous = await em.transactional(async (tem) => {
      const locked = await tem.findOneOrFail(Payment, { id: invoice.id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
      this.refuseUnlessPayable(locked, 'committee');
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
    return this.adminOne(em, invoice.sponsor.id);
  }

  /**
   * The applicant pressed the button behind the link mailed to the sponsor's address: it is theirs. An accepted
   * sponsor's unpaid invoices, held back until now, go out with fresh pay links. Pressing again changes nothing.
   */
  async confirmAddress(em: EntityManager, actor: Actor, token: string): Promise<{ message: string }> {
    await consumeRateLimit(em, this.deps.clock, this.deps.rateRules.verifyPerIp, actor.ip);
    const mails: InvoiceMail[] = [];
    const { email, fresh } = await em.transactional(async (tem) => {
      const { sponsor, fresh } = await confirmAddressLink(tem, token, this.deps.clock.now());
      if (fresh && sponsor.status === 'active') {
        const unpaid = await tem.find(
          Payment,
          { sponsor, kind: 'sponsorship', refundOf: null, status: { $in: ['created', 'declined'] } },
          { orderBy: { season: 'asc' }, lockMode: LockMode.PESSIMISTIC_WRITE },
        );
        for (const invoice of unpaid) {
          const { token: payToken, hash } = newPayToken();
          invoice.payTokenHash = hash;
          mails.push(this.invoiceMail(sponsor, invoice, payToken, 'accepted'));
        }
      }
      return { email: sponsor.email, fresh };
    });
    await this.sendInvoiceMails(em, mails);
    if (!fresh) return { message: `${email} is already confirmed. Thank you!` };
    return {
      message: mails.length
        ? `Thank you: ${email} is confirmed. We have e-mailed your invoice there.`
        : `Thank you: ${email} is confirmed. The committee will be in touch about your sponsorship.`,
    };
  }

  // ---------- The pay link (public) ----------

  /** The invoice behind a pay link, as the pay page shows it. */
  async invoice(em: EntityManager, actor: Actor, token: string): Promise<PayLinkInvoice> {
    const invoice = await this.byToken(em, actor, token);
    return this.payLinkView(em, invoice);
  }

  /** A provider order for exactly the invoice's amount, from its pay link. */
  async createOrder(em: EntityManager, actor: Actor, token: string): Promise<{ id: string }> {
    const invoice = await this.byToken(em, actor, token);
    return { id: await this.orderInvoice(em, invoice) };
  }

  /** Captures the invoice's current order (repeating it is safe) and returns where the invoice stands. */
  async capture(em: EntityManager, actor: Actor, token: string, orderId: string): Promise<PayLinkInvoice> {
    const invoice = await this.byToken(em, actor, token);
    if (invoice.providerOrderId !== orderId) throw new AppError('NOT_FOUND', WRONG_ORDER);
    await this.captureInvoice(em, invoice, { actor: null, label: 'sponsor pay link' });
    return this.payLinkView(em, await em.findOneOrFail(Payment, { id: invoice.id }, { refresh: true }));
  }

  /** Asks the provider for an order for an unpaid invoice (outside any transaction); the newest order is the one that can be paid. */
  async orderInvoice(em: EntityManager, invoice: Payment): Promise<string> {
    this.refuseUnlessPayable(invoice, 'sponsor');
    const provider = this.deps.payments;
    if (!provider) throw new AppError('SERVICE_UNAVAILABLE', NO_ONLINE_PAYMENT);
    const sponsor = await em.findOne(Sponsor, { id: invoice.sponsor!.id });
    if (sponsor?.status !== 'active') throw new AppError('CONFLICT', CANCELLED);
    // The invoice's previous order may have been paid after all (an answer lost on the way): never a second one then.
    if (invoice.provider === provider.kind && !invoice.providerOrderId.startsWith('invoice-')) {
      const earlier = await provider.getOrder(invoice.providerOrderId).catch((error: unknown) => {
        if (error instanceof PaymentProviderError)
          throw new AppError(
            'BAD_GATEWAY',
            'The payment service is not responding. No money was taken; please try again in a few minutes.',
          );
        throw error;
      });
      if (earlier.state === 'captured') {
        await this.deps.paymentsService.settle(em, invoice.id, earlier.capture, { actor: null, label: 'sponsor pay link' });
        throw new AppError('CONFLICT', ALREADY_PAID);
      }
    }
    invoice.status = 'created';
    invoice.provider = provider.kind;
    invoice.method = provider.kind;
    await em.flush();
    return this.deps.paymentsService.sendOrder(em, invoice);
  }

  /** Captures an invoice's current order and settles it; a paid or pending invoice is answered as it stands. */
  async captureInvoice(em: EntityManager, invoice: Payment, by: By): Promise<void> {
    if (invoice.status === 'completed' || invoice.status === 'pending') return;
    this.refuseUnlessPayable(invoice, 'sponsor');
    if (!this.deps.payments) throw new AppError('SERVICE_UNAVAILABLE', NO_ONLINE_PAYMENT);
    if (invoice.providerOrderId.startsWith('invoice-')) throw new AppError('NOT_FOUND', WRONG_ORDER);
    const { settled, answer } = await this.deps.paymentsService.captureAndSettle(em, invoice, by);
    if (settled.kind === 'declined') throw new AppError('PAYMENT_REQUIRED', DECLINED);
    if (settled.kind === 'completed' && !settled.fresh && answer.outcome === 'completed') {
      const current = await em.findOneOrFail(Payment, { id: invoice.id }, { refresh: true });
      if (current.providerCaptureId !== answer.captureId) {
        // Paid twice (the committee recorded a payment while the sponsor paid online): keep the record for a refund.
        this.deps.log.error(
          { paymentId: invoice.id, captureId: answer.captureId },
          'A sponsorship invoice was paid twice: refund the second payment',
        );
        recordAudit(em, {
          actor: null,
          actorLabel: by.label,
          action: 'payment.needs_review',
          entityType: 'Payment',
          entityId: invoice.id,
          after: { reason: 'Paid twice', captureId: answer.captureId, amount: answer.amount },
        });
        await em.flush();
      }
    }
  }

  // ---------- Helpers ----------

  private async byToken(em: EntityManager, actor: Actor, token: string): Promise<Payment> {
    await consumeRateLimit(em, this.deps.clock, this.deps.rateRules.payLinkPerIp, actor.ip);
    const invoice = await em.findOne(Payment, { payTokenHash: hashPayToken(token), kind: 'sponsorship' });
    if (!invoice?.sponsor) throw new AppError('NOT_FOUND', NO_SUCH_LINK);
    return invoice;
  }

  /** Refuses a paid, pending, cancelled or doubtful invoice with a sentence for whoever is asking. */
  private refuseUnlessPayable(invoice: Payment, who: 'sponsor' | 'committee'): void {
    if (invoice.status === 'created' || invoice.status === 'declined') return;
    if (invoice.status === 'completed') {
      throw new AppError(
        'CONFLICT',
        who === 'sponsor'
          ? ALREADY_PAID
          : `This invoice was already paid on ${formatAuDate(clubToday(invoice.capturedAt ?? invoice.updatedAt))}.`,
      );
    }
    if (invoice.status === 'pending') {
      throw new AppError(
        'CONFLICT',
        who === 'sponsor'
          ? IN_PROGRESS
          : 'PayPal is still processing a payment for this invoice. Wait for it before recording another payment.',
      );
    }
    if (invoice.status === 'void' || invoice.status === 'refunded') {
      throw new AppError(
        'CONFLICT',
        who === 'sponsor' ? CANCELLED : 'This invoice was cancelled. Renew the sponsor to invoice the season again.',
      );
    }
    throw new AppError(
      'CONFLICT',
      who === 'sponsor' ? NEEDS_REVIEW : `This invoice needs checking first: ${invoice.lastError ?? 'its last payment did not match'}.`,
    );
  }

  /** The sponsor's invoice for a season that is not cancelled, if any. */
  private async openInvoice(em: EntityManager, sponsor: Sponsor, season: Season): Promise<Payment | undefined> {
    const rows = await em.find(Payment, { sponsor, kind: 'sponsorship', refundOf: null, status: { $nin: ['void', 'refunded'] } });
    return rows.find((p) => invoiceSeason(p) === season);
  }

  /** Writes a season's invoice (not revenue: 'created' until paid) and returns the e-mail that carries its pay link. */
  private createInvoice(em: EntityManager, sponsor: Sponsor, season: Season, by: By, occasion: 'accepted' | 'renewed'): InvoiceMail {
    const { token, hash } = newPayToken();
    const invoice = em.create(Payment, {
      id: randomUUID(),
      kind: 'sponsorship',
      purpose: sponsor.sponsorshipType,
      household: null,
      sponsor,
      season,
      createdBy: by.actor,
      description: `${SPONSORSHIP_LABELS[sponsor.sponsorshipType]} ${season}`,
      payee: sponsor.companyName,
      amountCents: SPONSORSHIP_PRICES_CENTS[sponsor.sponsorshipType],
      currency: CURRENCY,
      provider: this.deps.payments?.kind ?? 'manual',
      method: null,
      reference: null,
      providerOrderId: `invoice-${randomUUID()}`,
      providerCaptureId: null,
      status: 'created',
      capturedAt: null,
      payTokenHash: hash,
      lastError: null,
      rawResponse: null,
    });
    recordAudit(em, {
      actor: by.actor,
      actorLabel: by.label,
      action: 'sponsorship.invoice',
      entityType: 'Payment',
      entityId: invoice.id,
      after: { sponsorId: sponsor.id, season, amountCents: invoice.amountCents, occasion },
    });
    return this.invoiceMail(sponsor, invoice, token, occasion);
  }

  /** Cancels the unpaid invoices of the seasons `which` picks; money received is never touched. */
  private async voidUnpaid(em: EntityManager, sponsor: Sponsor, by: By, which: (season: Season) => boolean, reason: string): Promise<void> {
    const unpaid = await em.find(
      Payment,
      { sponsor, kind: 'sponsorship', refundOf: null, status: { $in: ['created', 'declined'] } },
      { lockMode: LockMode.PESSIMISTIC_WRITE },
    );
    for (const invoice of unpaid.filter((p) => which(invoiceSeason(p)))) {
      const before = { status: invoice.status };
      invoice.status = 'void';
      invoice.lastError = reason;
      recordAudit(em, {
        actor: by.actor,
        actorLabel: by.label,
        action: 'payment.void',
        entityType: 'Payment',
        entityId: invoice.id,
        before,
        after: { status: 'void', reason, amountCents: invoice.amountCents, season: invoiceSeason(invoice) },
      });
    }
  }

  private invoiceMail(sponsor: Sponsor, invoice: Payment, token: string, occasion: SponsorInvoiceDetails['occasion']): InvoiceMail {
    // An address nobody proved gets the club's words only: the link to confirm it; the invoice waits (sponsor-address.ts).
    if (!addressConfirmed(sponsor))
      return { to: sponsor.email, confirmUrl: newAddressLink(sponsor, this.deps.clock.now(), this.deps.publicUrl) };
    return {
      to: sponsor.email,
      companyName: sponsor.companyName,
      contactPerson: sponsor.contactPerson,
      sponsorshipType: sponsor.sponsorshipType,
      amountCents: invoice.amountCents,
      season: invoiceSeason(invoice),
      payUrl: `${this.deps.publicUrl}/sponsor/pay?token=${encodeURIComponent(token)}`,
      occasion,
    };
  }

  /** After the commit: e-mails never hold a transaction open, and a mail server that fails is only logged. */
  private async sendInvoiceMails(em: EntityManager, mails: InvoiceMail[]): Promise<void> {
    if (!mails.length) return;
    const contactEmail = await this.deps.cms.contactEmail(em);
    for (const { to, ...details } of mails) {
      await deliverQuietly(this.deps.mailer, this.deps.log, {
        to,
        ...('confirmUrl' in details
          ? await sponsorConfirmAddressMessage({ confirmUrl: details.confirmUrl, contactEmail })
          : await sponsorInvoiceMessage({ ...details, contactEmail, payOnline: this.deps.payments !== null })),
      });
    }
  }

  private async payLinkView(em: EntityManager, invoice: Payment): Promise<PayLinkInvoice> {
    const sponsor = await em.findOneOrFail(Sponsor, { id: invoice.sponsor!.id });
    return {
      companyName: sponsor.companyName,
      sponsorshipType: sponsor.sponsorshipType,
      packageLabel: SPONSORSHIP_LABELS[sponsor.sponsorshipType],
      season: invoiceSeason(invoice),
      amount: centsToAmount(invoice.amountCents),
      currency: invoice.currency,
      status: invoiceStatus(invoice),
      paidOn: invoice.status === 'completed' && invoice.capturedAt ? clubToday(invoice.capturedAt) : null,
      payOnline: this.deps.payments?.kind ?? null,
    };
  }

  /** Each sponsor's invoices (refund rows aside), newest season first. */
  private async invoicesOf(em: EntityManager, sponsors: Sponsor[]): Promise<Map<string, SponsorInvoice[]>> {
    const byId = new Map<string, SponsorInvoice[]>();
    if (!sponsors.length) return byId;
    const rows = await em.find(
      Payment,
      { sponsor: { $in: sponsors.map((s) => s.id) }, kind: 'sponsorship', refundOf: null },
      { orderBy: { createdAt: 'desc' }, refresh: true },
    );
    for (const p of rows) {
      const list = byId.get(p.sponsor!.id) ?? [];
      list.push({
        id: p.id,
        season: invoiceSeason(p),
        amount: centsToAmount(p.amountCents),
        status: invoiceStatus(p),
        paidOn: p.status === 'completed' && p.capturedAt ? clubToday(p.capturedAt) : null,
        method: p.status === 'completed' ? (p.method ?? null) : null,
        reference: p.reference ?? null,
        refunded: centsToAmount(p.refundedCents),
        createdAt: p.createdAt.toISOString(),
      });
      byId.set(p.sponsor!.id, list);
    }
    for (const list of byId.values()) list.sort((a, b) => b.season.localeCompare(a.season) || b.createdAt.localeCompare(a.createdAt));
    return byId;
  }

  private async adminOne(em: EntityManager, sponsorId: string): Promise<AdminSponsor> {
    const sponsor = await em.findOneOrFail(Sponsor, { id: sponsorId }, { refresh: true });
    return this.adminView(sponsor, (await this.invoicesOf(em, [sponsor])).get(sponsor.id) ?? []);
  }

  /** Every field of a sponsor, as the audit log keeps it before and after the committee's change. */
  private reviewFields(s: Sponsor) {
    return {
      companyName: s.companyName,
      contactPerson: s.contactPerson,
      email: s.email,
      phone: s.phone,
      address: s.address ?? null,
      comments: s.comments ?? null,
      sponsorshipType: s.sponsorshipType,
      amountCents: s.amountCents,
      status: s.status,
      logoUrl: s.logoUrl ?? null,
      websiteUrl: s.websiteUrl ?? null,
      endDate: s.endDate ?? null,
      reviewedAt: s.reviewedAt?.toISOString() ?? null,
    };
  }

  private publicView(s: Sponsor): PublicSponsor {
    return {
      id: s.id,
      companyName: s.companyName,
      sponsorshipType: s.sponsorshipType,
      amount: centsToAmount(s.amountCents),
      logoUrl: s.logoUrl ?? null,
      websiteUrl: s.websiteUrl ?? null,
    };
  }

  private adminView(s: Sponsor, invoices: SponsorInvoice[]): AdminSponsor {
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
      addressConfirmed: addressConfirmed(s),
      invoices,
    };
  }
}
