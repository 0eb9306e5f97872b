import type { EntityManager } from '@mikro-orm/postgresql';
import { clubToday } from '../../shared/dates';
import type { ClubSettingsService } from '../club/club-settings.service';
import { addressConfirmed } from '../content/sponsor-address';
import { EventRegistration, Member, Payment, Sponsor } from '../db/entities';
import { entryReceiptRecipient } from './entry-payments';
import { refundNoticeMessage } from '../emails/refund.emails';
import { deliverQuietly, type Mailer } from '../integrations/mailer';
import { receiptNumber } from './member-payments.service';
import { coveringLine } from './payment-people';

export interface RefundNoticeDeps {
  mailer: Mailer;
  club: Pick<ClubSettingsService, 'profile'>;
  log: { error(obj: object, msg: string): void };
}

/**
 * The reference a payment's e-mailed receipt gave: PayPal's capture id (or the order's) for a membership, the
 * committee's own reference first for entry fees and sponsorships.
 */
export const receiptReference = (p: Payment) => (p.kind === 'membership' ? null : p.reference) ?? p.providerCaptureId ?? p.providerOrderId;

/**
 * Whom a payment's receipt went to, by the rule each kind's receipt follows. `named: false`: a sponsor's address its
 * applicant never proved, whose mail names nobody (see content/sponsor-address.ts).
 */
async function receiptRecipient(em: EntityManager, p: Payment): Promise<{ email: string; firstName: string | null; named?: false } | null> {
  if (p.kind === 'sponsorship') {
    const sponsor = p.sponsor ? await em.findOne(Sponsor, { id: p.sponsor.id }) : null;
    if (!sponsor) return null;
    return addressConfirmed(sponsor)
      ? { email: sponsor.email, firstName: sponsor.contactPerson }
      : { email: sponsor.email, firstName: null, named: false };
  }
  if (p.kind === 'membership') {
    const primary = p.household
      ? await em.findOne(Member, { household: p.household }, { orderBy: { isPrimary: 'desc', createdAt: 'asc' } })
      : null;
    return primary?.email ? { email: primary.email, firstName: primary.firstName } : null;
  }
  const ids = (p.entries ?? []).map((e) => e.registrationId);
  const entries = ids.length ? await em.find(EventRegistration, { id: { $in: ids } }, { populate: ['member'] }) : [];
  return entryReceiptRecipient(em, p, entries);
}

/**
 * The credit note for one recorded refund, to the address the receipt went to. Never throws: the refund is
 * recorded, and a notice that cannot be made or delivered is logged, not turned into an error.
 */
export async function sendRefundNotice(em: EntityManager, refundId: string, deps: RefundNoticeDeps): Promise<void> {
  try {
    const refund = await em.findOne(Payment, { id: refundId }, { refresh: true });
    const original = refund?.refundOf ? await em.findOne(Payment, { id: refund.refundOf.id }, { refresh: true }) : null;
    if (!refund || !original) return;
    const to = await receiptRecipient(em, original);
    if (!to) return;
    const paidAt = original.capturedAt ?? original.createdAt;
    const mail = await refundNoticeMessage(await deps.club.profile(em), {
      firstName: to.firstName,
      creditNote: `CN-${receiptNumber(refund)}`,
      receiptNumber: receiptNumber(original),
      reference: receiptReference(original),
      paidOn: clubToday(paidAt),
      refundedOn: clubToday(refund.capturedAt ?? refund.createdAt),
      description: original.description,
      covering: to.named === false ? null : original.kind === 'sponsorship' ? (original.payee ?? null) : await coveringLine(em, original),
      paidCents: original.amountCents,
      refundedCents: -refund.amountCents,
      leftCents: Math.max(0, original.amountCents - original.refundedCents),
      provider: original.provider,
      method: original.method ?? null,
    });
    await deliverQuietly(deps.mailer, deps.log, { to: to.email, ...mail });
  } catch (error) {
    deps.log.error({ refundId, err: { message: (error as Error).message } }, 'Refund notice not sent');
  }
}
