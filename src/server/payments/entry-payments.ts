import type { EntityManager } from '@mikro-orm/postgresql';
import { clubToday } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import type { Clock } from '../clock';
import type { ClubSettingsService } from '../club/club-settings.service';
import { Event, EventRegistration, Member, type Payment, User } from '../db/entities';
import { entryReceiptMessage } from '../emails/entries.emails';
import { deliverQuietly, type Mailer } from '../integrations/mailer';
import { recordAudit } from '../platform/audit.service';
import type { Actor } from '../platform/actor';
import { newGuestLink } from '../events/guest-links';

/**
 * Entry fees are Payment rows of kind 'event': `event` and `entries` say exactly which entries the order was
 * priced for, and capturing it marks those entries paid and no others (PaymentsService.settle calls in here).
 */

type By = { actor: Actor['user']; label: string };

/**
 * Money received for entries: each entry the payment was priced for is marked paid, once. An entry that was
 * cancelled in the meantime, or already paid another way (the desk took cash while the order was open), is left
 * as it is and the payment flagged for the committee to refund.
 */
export async function activateEntries(em: EntityManager, by: By, payment: Payment): Promise<void> {
  const paidAt = payment.capturedAt ?? new Date();
  for (const priced of payment.entries ?? []) {
    const entry = await em.findOne(EventRegistration, { id: priced.registrationId });
    if (!entry || entry.paidAt || entry.refundedAt) {
      recordAudit(em, {
        actor: by.actor,
        actorLabel: by.label,
        action: 'payment.needs_review',
        entityType: 'Payment',
        entityId: payment.id,
        after: {
          reason: entry
            ? `${priced.name}'s entry was already paid: refund this share.`
            : `${priced.name}'s entry was cancelled: refund this share.`,
          registrationId: priced.registrationId,
          feeCents: priced.feeCents,
        },
      });
      continue;
    }
    entry.paidAt = paidAt;
    entry.payment = payment;
    entry.payAtSignOn = false;
    recordAudit(em, {
      actor: by.actor,
      actorLabel: by.label,
      action: 'entry.paid',
      entityType: 'EventRegistration',
      entityId: entry.id,
      after: { paymentId: payment.id, feeCents: priced.feeCents, name: priced.name, method: payment.method ?? null },
    });
  }
}

/**
 * The receipt for entry fees: to the member who paid, or to the guest with the single-use link that signs them
 * in to log catches in that event (their e-mail proves the address). Never throws: the money is recorded.
 */
export async function sendEntryReceipt(
  em: EntityManager,
  payment: Payment,
  deps: {
    mailer: Mailer;
    clock: Clock;
    publicUrl: string;
    club: Pick<ClubSettingsService, 'profile'>;
    log: { error(obj: object, msg: string): void };
  },
): Promise<void> {
  if (!payment.event) return;
  const event = await em.findOne(Event, { id: payment.event.id });
  const registrationIds = (payment.entries ?? []).map((e) => e.registrationId);
  const entries = await em.find(EventRegistration, { id: { $in: registrationIds }, payment }, { populate: ['member'], refresh: true });
  if (!event || !entries.length) return;
  const guest = entries.find((e) => e.member.isGuest);
  const recipient = await entryReceiptRecipient(em, payment, entries);
  if (!recipient) return;
  let url = `${deps.publicUrl}/member?tab=events`;
  let linkExpires: Date | undefined;
  if (guest && guest.member.email) {
    const link = newGuestLink(guest, event, deps.clock.now(), deps.publicUrl);
    await em.flush();
    url = link.url;
    linkExpires = link.expires;
  }
  const mail = await entryReceiptMessage(await deps.club.profile(em), {
    eventName: event.name,
    location: event.location,
    start: event.eventDate,
    firstName: recipient.firstName,
    names: entries.map((e) => `${e.member.firstName} ${e.member.lastName}`),
    amountCents: payment.amountCents,
    reference: payment.reference ?? payment.providerCaptureId ?? payment.providerOrderId,
    paidOn: clubToday(payment.capturedAt ?? deps.clock.now()),
    url,
    guest: Boolean(guest),
    linkExpires,
  });
  await deliverQuietly(deps.mailer, deps.log, { to: recipient.email, ...mail });
}

/**
 * Whom an entry fee's receipt (and a refund's credit note) goes to: a guest entrant; else, paid online, whoever paid;
 * taken at the desk, the entrant (or, for a junior without an address, their household's primary member).
 */
export async function entryReceiptRecipient(
  em: EntityManager,
  payment: Payment,
  entries: EventRegistration[],
): Promise<{ email: string; firstName: string } | null> {
  if (!entries.length) return null;
  const guest = entries.find((e) => e.member.isGuest && e.member.email);
  if (guest) return { email: guest.member.email!, firstName: guest.member.firstName };
  const payer = payment.provider !== 'manual' && payment.createdBy ? await em.findOne(User, { id: payment.createdBy.id }) : null;
  const member = payer
    ? await em.findOne(Member, { user: payer })
    : entries[0].member.email
      ? entries[0].member
      : await em.findOne(Member, { household: entries[0].member.household, isPrimary: true });
  const email = member?.email ?? payer?.email;
  return email ? { email, firstName: member?.firstName ?? payer?.firstName ?? entries[0].member.firstName } : null;
}

/**
 * An event with `requireCheckIn` takes catches only from entrants the sign-on desk has checked in (the committee,
 * logging for someone at the desk, is not held to it). The rule CatchesService.submit applies.
 */
export function refuseUnlessCheckedIn(
  event: Pick<Event, 'requireCheckIn' | 'name'>,
  entry: Pick<EventRegistration, 'checkedInAt'>,
  angler: Pick<Member, 'firstName' | 'lastName'>,
  isAdmin: boolean,
): void {
  if (!event.requireCheckIn || entry.checkedInAt || isAdmin) return;
  throw new AppError(
    'BAD_REQUEST',
    `${angler.firstName} ${angler.lastName} has not signed on at the desk yet. ${event.name} takes catches only from entrants checked in at sign-on.`,
    { field: 'memberId' },
  );
}
