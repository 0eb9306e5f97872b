import type { EntityManager } from '@mikro-orm/postgresql';
import { clubToday } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import { centsToAmount } from '../../shared/membership';
import { SPONSORSHIP_LABELS, type PayLinkInvoice } from '../../shared/sponsors.schema';
import { Payment, Sponsor } from '../db/entities';
import { PaymentProviderError } from '../integrations/payments';
import { hashPayToken, invoiceSeason, invoiceStatus } from '../payments/sponsor-invoices';
import type { Actor } from '../platform/actor';
import { recordAudit } from '../platform/audit.service';
import { consumeRateLimit } from '../platform/rate-limit.service';
import {
  ALREADY_PAID,
  CANCELLED,
  DECLINED,
  NO_ONLINE_PAYMENT,
  NO_SUCH_LINK,
  WRONG_ORDER,
  type By,
  type SponsorsDeps,
} from './sponsor-common';
import type { SponsorInvoicing } from './sponsor-invoicing';

/** Paying a sponsor's invoice online: the pay link's page, the provider order and its capture. */
export class SponsorPayLink {
  constructor(
    private readonly deps: SponsorsDeps,
    private readonly invoicing: SponsorInvoicing,
  ) {}

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
    this.invoicing.refuseUnlessPayable(invoice, 'sponsor');
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
    this.invoicing.refuseUnlessPayable(invoice, 'sponsor');
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

  private async byToken(em: EntityManager, actor: Actor, token: string): Promise<Payment> {
    await consumeRateLimit(em, this.deps.clock, this.deps.rateRules.payLinkPerIp, actor.ip);
    const invoice = await em.findOne(Payment, { payTokenHash: hashPayToken(token), kind: 'sponsorship' });
    if (!invoice?.sponsor) throw new AppError('NOT_FOUND', NO_SUCH_LINK);
    return invoice;
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
}
