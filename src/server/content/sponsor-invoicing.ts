import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { clubToday, formatAuDate } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import { CURRENCY, centsToAmount } from '../../shared/membership';
import {
  SPONSORSHIP_LABELS,
  SPONSORSHIP_PRICES_CENTS,
  type AdminSponsor,
  type Season,
  type SponsorInvoice,
} from '../../shared/sponsors.schema';
import { Payment, Sponsor } from '../db/entities';
import { sponsorConfirmAddressMessage, sponsorInvoiceMessage, type SponsorInvoiceDetails } from '../emails/sponsors.emails';
import { deliverQuietly } from '../integrations/mailer';
import { invoiceSeason, invoiceStatus, newPayToken } from '../payments/sponsor-invoices';
import { recordAudit } from '../platform/audit.service';
import {
  adminView,
  ALREADY_PAID,
  CANCELLED,
  IN_PROGRESS,
  NEEDS_REVIEW,
  type By,
  type InvoiceMail,
  type SponsorsDeps,
} from './sponsor-common';
import { addressConfirmed, newAddressLink } from './sponsor-address';

/**
 * A sponsor's season invoices: written with their pay link's e-mail, cancelled when unpaid, refused when not payable,
 * e-mailed after the commit, and listed for the committee.
 */
export class SponsorInvoicing {
  constructor(private readonly deps: SponsorsDeps) {}

  /** Refuses a paid, pending, cancelled or doubtful invoice with a sentence for whoever is asking. */
  refuseUnlessPayable(invoice: Payment, who: 'sponsor' | 'committee'): void {
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
  async openInvoice(em: EntityManager, sponsor: Sponsor, season: Season): Promise<Payment | undefined> {
    const rows = await em.find(Payment, { sponsor, kind: 'sponsorship', refundOf: null, status: { $nin: ['void', 'refunded'] } });
    return rows.find((p) => invoiceSeason(p) === season);
  }

  /** Writes a season's invoice (not revenue: 'created' until paid) and returns the e-mail that carries its pay link. */
  createInvoice(em: EntityManager, sponsor: Sponsor, season: Season, by: By, occasion: 'accepted' | 'renewed'): InvoiceMail {
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
  async voidUnpaid(em: EntityManager, sponsor: Sponsor, by: By, which: (season: Season) => boolean, reason: string): Promise<void> {
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

  invoiceMail(sponsor: Sponsor, invoice: Payment, token: string, occasion: SponsorInvoiceDetails['occasion']): InvoiceMail {
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
  async sendInvoiceMails(em: EntityManager, mails: InvoiceMail[]): Promise<void> {
    if (!mails.length) return;
    const contactEmail = await this.deps.cms.contactEmail(em);
    const club = await this.deps.club.profile(em);
    for (const { to, ...details } of mails) {
      await deliverQuietly(this.deps.mailer, this.deps.log, {
        to,
        ...('confirmUrl' in details
          ? await sponsorConfirmAddressMessage(club, { confirmUrl: details.confirmUrl, contactEmail })
          : await sponsorInvoiceMessage(club, { ...details, contactEmail, payOnline: this.deps.payments !== null })),
      });
    }
  }

  /** Each sponsor's invoices (refund rows aside), newest season first. */
  async invoicesOf(em: EntityManager, sponsors: Sponsor[]): Promise<Map<string, SponsorInvoice[]>> {
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

  async adminOne(em: EntityManager, sponsorId: string): Promise<AdminSponsor> {
    const sponsor = await em.findOneOrFail(Sponsor, { id: sponsorId }, { refresh: true });
    return adminView(sponsor, (await this.invoicesOf(em, [sponsor])).get(sponsor.id) ?? []);
  }
}
