import type { EntityManager } from '@mikro-orm/postgresql';
import { createHash, randomBytes } from 'node:crypto';
import { clubToday } from '../../shared/dates';
import { seasonEnd, seasonOf, type InvoiceStatus } from '../../shared/sponsors';
import { addressConfirmed } from '../content/sponsor-address';
import type { ClubSettingsService } from '../club/club-settings.service';
import { type Payment, Sponsor } from '../db/entities';
import { sponsorReceiptMessage } from '../emails/sponsors.emails';
import { deliverQuietly, type Mailer } from '../integrations/mailer';
import { recordAudit } from '../platform/audit.service';
import type { Actor } from '../platform/actor';

/**
 * A sponsor's invoice is one Payment row per sponsor and season (kind 'sponsorship'): 'created' until the money
 * arrives, never revenue before that. Its pay link carries a random secret of which only the SHA-256 is stored.
 */

export const hashPayToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A fresh pay-link secret (32 random bytes) and the hash that is stored. */
export function newPayToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashPayToken(token) };
}

/** The season an invoice is for; rows made before seasons existed count for the season they were made in. */
export const invoiceSeason = (p: Payment) => p.season ?? seasonOf(clubToday(p.createdAt));

export function invoiceStatus(p: Payment): InvoiceStatus {
  if (p.status === 'completed') return 'paid';
  if (p.status === 'pending') return 'pending';
  if (p.status === 'void' || p.status === 'refunded') return 'void';
  // 'created', a capture PayPal later denied ('declined'), or one that needs the committee's look ('failed').
  return 'unpaid';
}

/** Money received for a sponsorship: the sponsor is shown at least until the end of the season paid for. */
export async function activateSponsorship(em: EntityManager, by: { actor: Actor['user']; label: string }, payment: Payment): Promise<void> {
  if (!payment.sponsor) return;
  const sponsor = await em.findOne(Sponsor, { id: payment.sponsor.id });
  if (!sponsor) return;
  const until = seasonEnd(invoiceSeason(payment));
  const before = { endDate: sponsor.endDate ?? null };
  // No end date means shown until the committee sets one: already at least the season's end.
  if (sponsor.endDate && sponsor.endDate < until) sponsor.endDate = until;
  recordAudit(em, {
    actor: by.actor,
    actorLabel: by.label,
    action: 'sponsor.paid',
    entityType: 'Sponsor',
    entityId: sponsor.id,
    before,
    after: { endDate: sponsor.endDate ?? null, season: invoiceSeason(payment), paymentId: payment.id },
  });
}

/** The receipt for a paid sponsorship, to the sponsor's contact address. */
export async function sendSponsorshipReceipt(
  em: EntityManager,
  payment: Payment,
  deps: { mailer: Mailer; club: Pick<ClubSettingsService, 'profile'>; log: { error(obj: object, msg: string): void } },
): Promise<void> {
  if (!payment.sponsor) return;
  const sponsor = await em.findOne(Sponsor, { id: payment.sponsor.id }, { refresh: true });
  if (!sponsor) return;
  // An address its applicant never proved gets a receipt that names nobody (see content/sponsor-address.ts).
  const named = addressConfirmed(sponsor);
  const mail = await sponsorReceiptMessage(await deps.club.profile(em), {
    companyName: named ? sponsor.companyName : null,
    contactPerson: named ? sponsor.contactPerson : null,
    sponsorshipType: sponsor.sponsorshipType,
    amountCents: payment.amountCents,
    season: invoiceSeason(payment),
    paidOn: clubToday(payment.capturedAt ?? new Date()),
    method: payment.method ?? null,
    reference: payment.reference ?? payment.providerCaptureId ?? payment.providerOrderId,
    shownUntil: sponsor.endDate ?? null,
  });
  await deliverQuietly(deps.mailer, deps.log, { to: sponsor.email, ...mail });
}
