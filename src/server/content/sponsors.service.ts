import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { clubToday } from '../../shared/dates';
import {
  SPONSORSHIP_PRICES_CENTS,
  type AdminSponsor,
  type PayLinkInvoice,
  type PublicSponsor,
  type SponsorApplication,
} from '../../shared/sponsors.schema';
import { Payment, Sponsor } from '../db/entities';
import { sponsorAcknowledgementMessage, sponsorNoticeMessage } from '../emails/sponsors.emails';
import { deliverQuietly } from '../integrations/mailer';
import type { Actor } from '../platform/actor';
import { newPayToken } from '../payments/sponsor-invoices';
import { consumeRateLimit } from '../platform/rate-limit.service';
import { confirmAddressLink, newAddressLink } from './sponsor-address';
import { SponsorAdmin } from './sponsor-admin';
import { adminView, publicView, type InvoiceMail, type SponsorsDeps } from './sponsor-common';
import { SponsorInvoicing } from './sponsor-invoicing';
import { SponsorPayLink } from './sponsor-pay-link';

export type { SponsorsDeps } from './sponsor-common';

export const SPONSOR_APPLIED_MESSAGE = 'Sponsor application submitted successfully! We will contact you within 2 business days.';

/**
 * Sponsor applications from the public form and the proof of their contact address (sponsor-address), the sponsors
 * shown on the site, and the door to the rest: the committee's review and renewals (sponsor-admin), paying by the pay
 * link (sponsor-pay-link), and their season invoices (sponsor-invoicing).
 */
export class SponsorsService {
  private readonly invoicing: SponsorInvoicing;
  private readonly admin: SponsorAdmin;
  private readonly payLink: SponsorPayLink;

  constructor(private readonly deps: SponsorsDeps) {
    this.invoicing = new SponsorInvoicing(deps);
    this.admin = new SponsorAdmin(deps, this.invoicing);
    this.payLink = new SponsorPayLink(deps, this.invoicing);
  }

  private today() {
    return clubToday(this.deps.clock.now());
  }

  /** Active sponsors whose end date (club time) has not passed. */
  async active(em: EntityManager): Promise<PublicSponsor[]> {
    const today = this.today();
    const sponsors = await em.find(
      Sponsor,
      { status: 'active', $or: [{ endDate: null }, { endDate: { $gte: today } }] },
      { orderBy: { amountCents: 'desc', companyName: 'asc' } },
    );
    return sponsors.map((s) => publicView(s));
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
    const club = await this.deps.club.profile(em);
    const [ack, notice] = await Promise.all([
      sponsorAcknowledgementMessage(club, { ...fields, confirmUrl }),
      sponsorNoticeMessage(club, fields, `${this.deps.publicUrl}/admin?tab=sponsors`),
    ]);
    await deliverQuietly(this.deps.mailer, this.deps.log, { to: sponsor.email, ...ack });
    await deliverQuietly(this.deps.mailer, this.deps.log, { to: contactEmail, ...notice });
    return { message: SPONSOR_APPLIED_MESSAGE };
  }

  async adminList(em: EntityManager): Promise<AdminSponsor[]> {
    const sponsors = await em.find(Sponsor, {}, { orderBy: { createdAt: 'desc' } });
    const invoices = await this.invoicing.invoicesOf(em, sponsors);
    return sponsors.map((s) => adminView(s, invoices.get(s.id) ?? []));
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
          mails.push(this.invoicing.invoiceMail(sponsor, invoice, payToken, 'accepted'));
        }
      }
      return { email: sponsor.email, fresh };
    });
    await this.invoicing.sendInvoiceMails(em, mails);
    if (!fresh) return { message: `${email} is already confirmed. Thank you!` };
    return {
      message: mails.length
        ? `Thank you: ${email} is confirmed. We have e-mailed your invoice there.`
        : `Thank you: ${email} is confirmed. The committee will be in touch about your sponsorship.`,
    };
  }

  // ---------- The committee's work (sponsor-admin.ts) ----------

  review(...args: Parameters<SponsorAdmin['review']>): Promise<AdminSponsor> {
    return this.admin.review(...args);
  }

  renew(...args: Parameters<SponsorAdmin['renew']>): Promise<AdminSponsor> {
    return this.admin.renew(...args);
  }

  sendPayLink(...args: Parameters<SponsorAdmin['sendPayLink']>): Promise<AdminSponsor> {
    return this.admin.sendPayLink(...args);
  }

  recordPayment(...args: Parameters<SponsorAdmin['recordPayment']>): Promise<AdminSponsor> {
    return this.admin.recordPayment(...args);
  }

  // ---------- The pay link (sponsor-pay-link.ts) ----------

  invoice(...args: Parameters<SponsorPayLink['invoice']>): Promise<PayLinkInvoice> {
    return this.payLink.invoice(...args);
  }

  createOrder(...args: Parameters<SponsorPayLink['createOrder']>): Promise<{ id: string }> {
    return this.payLink.createOrder(...args);
  }

  capture(...args: Parameters<SponsorPayLink['capture']>): Promise<PayLinkInvoice> {
    return this.payLink.capture(...args);
  }

  orderInvoice(...args: Parameters<SponsorPayLink['orderInvoice']>): Promise<string> {
    return this.payLink.orderInvoice(...args);
  }

  captureInvoice(...args: Parameters<SponsorPayLink['captureInvoice']>): Promise<void> {
    return this.payLink.captureInvoice(...args);
  }
}
