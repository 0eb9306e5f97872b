import type { EntityManager } from '@mikro-orm/postgresql';
import { ageOn, clubToday, formatAuDate, formatClubDateTime, formatClubTime } from '../../shared/dates';
import {
  deskCounts,
  DIVISION_LABELS,
  divisionOn,
  ENTRY_PAYMENT_LABELS,
  entriesCloseAt,
  entryPaymentState,
  type CheckInInput,
  type CheckInResult,
  type DeskEntrant,
  type DeskGuestInput,
  type DeskMember,
  type DeskView,
} from '../../shared/entries.schema';
import { AppError } from '../../shared/errors';
import { eventLimitBadges } from '../../shared/events';
import { centsToAmount, CURRENCY, formatAud, type MembershipRules } from '../../shared/membership';
import { PAYMENT_METHOD_LABELS, type ManualPaymentMethod } from '../../shared/payments';
import type { Clock } from '../clock';
import type { ClubSettingsService } from '../club/club-settings.service';
import { Event, EventRegistration, Member, Payment, WaitlistEntry, type PaymentEntries } from '../db/entities';
import { currentMemberWhere } from '../membership/member-status';
import type { Sealer } from '../platform/sealing';
import { isUniqueViolation } from '../db/unique-violation';
import { auditedRequest, recordAudit } from '../platform/audit.service';
import type { Actor } from '../platform/actor';
import { refuseEntry } from './entry-gate';
import { lockEvent } from './entry-places';
import { auditPassedOver, refuseIfOthersWaiting } from './waiting-list';
import { deskGuestLink, guestLinkSealer } from './guest-links';
import { heldUntil } from './guest-holds';
import { refuseIfAlreadyEntered } from './already-entered';
import type { GuestEntriesService } from './guest-entries.service';
import type { PaymentsService } from '../payments/payments.service';
import { renderReportPdf, type PdfQrCards } from '../platform/pdf';

export interface SignOnDeskDeps {
  clock: Clock;
  /** The club's address, for a guest's catch link. */
  publicUrl: string;
  paymentsService: Pick<PaymentsService, 'settle'>;
  guests: Pick<GuestEntriesService, 'createGuestEntry'>;
  /** The site's secret: the key that seals the catch links the desk shows and prints derives from it. */
  sealingSecret?: string;
  /** The club's name and colours, printed on the entrant list. */
  club: ClubSettingsService;
}

const fullName = (m: { firstName: string; lastName: string }) => `${m.firstName} ${m.lastName}`;
const DAY_MS = 24 * 60 * 60 * 1000;
const sameInstant = (a: string | null, b: string | null) => (a === null || b === null ? a === b : Date.parse(a) === Date.parse(b));

/**
 * The sign-on desk on the event's morning (the committee, on a phone or laptop): who has entered and how their fee
 * stands, one-tap check-in, money taken on the spot (a manual payment settled like any other: audited, the entry
 * marked paid, the receipt e-mailed), walk-up guests, and the list printed as a PDF.
 */
export class SignOnDeskService {
  constructor(private readonly deps: SignOnDeskDeps) {}

  private now(): Date {
    return this.deps.clock.now();
  }

  async list(em: EntityManager, eventId: string): Promise<DeskView> {
    const event = await em.findOne(Event, { id: eventId });
    if (!event) throw new AppError('NOT_FOUND', 'That event does not exist.');
    const entries = await em.find(
      EventRegistration,
      { event },
      { populate: ['member', 'payment'], orderBy: { member: { lastName: 'asc', firstName: 'asc' }, createdAt: 'asc' } },
    );
    const waiting = await em.find(WaitlistEntry, { event }, { populate: ['member'], orderBy: { createdAt: 'asc', id: 'asc' } });
    const rules = await this.deps.club.membership(em);
    const entrants = entries.map((e) => this.entrant(rules, e, event));
    return {
      eventId: event.id,
      eventName: event.name,
      location: event.location,
      eventDate: event.eventDate.toISOString(),
      entriesCloseAt: entriesCloseAt(await this.deps.club.competition(em), event).toISOString(),
      requireCheckIn: event.requireCheckIn,
      limits: eventLimitBadges(rules, event),
      membersOnly: event.membersOnly,
      memberFee: centsToAmount(event.registrationFeeCents),
      juniorFee: event.juniorFeeCents === null || event.juniorFeeCents === undefined ? null : centsToAmount(event.juniorFeeCents),
      nonMemberFee: centsToAmount(event.nonMemberFeeCents),
      maxParticipants: event.maxParticipants ?? null,
      entrants,
      waiting: waiting.map((w, i) => ({
        memberId: w.member.id,
        name: fullName(w.member),
        position: i + 1,
        addedAt: w.createdAt.toISOString(),
      })),
      counts: deskCounts(entrants),
    };
  }

  /** The current members the desk may sign on, with their e-mail address and date of birth (for `samePerson` on the device). */
  async members(em: EntityManager): Promise<DeskMember[]> {
    const members = await em.find(Member, currentMemberWhere(clubToday(this.now())), {
      orderBy: { firstName: 'asc', lastName: 'asc' },
      fields: ['id', 'firstName', 'lastName', 'email', 'dateOfBirth'],
    });
    return members.map((m) => ({
      id: m.id,
      firstName: m.firstName,
      lastName: m.lastName,
      email: m.email ?? null,
      dateOfBirth: m.dateOfBirth,
    }));
  }

  /** One entrant as the desk lists them, in their division by the club's junior age (`rules`) on the event's day. */
  private entrant(rules: Pick<MembershipRules, 'juniorUnder'>, entry: EventRegistration, event: Event): DeskEntrant {
    const member = entry.member;
    const division = divisionOn(rules, member.dateOfBirth, event.eventDate);
    const paidBy = entry.paidAt && entry.payment?.method ? PAYMENT_METHOD_LABELS[entry.payment.method] : null;
    return {
      registrationId: entry.id,
      memberId: member.id,
      name: fullName(member),
      firstName: member.firstName,
      lastName: member.lastName,
      dateOfBirth: member.dateOfBirth,
      kind: member.isGuest ? 'guest' : 'member',
      division,
      age: ageOn(member.dateOfBirth, clubToday(event.eventDate)),
      phone: member.phone ?? null,
      email: member.email ?? null,
      fee: centsToAmount(entry.feeCents),
      paymentState: entryPaymentState(entry),
      paidBy,
      feeBack: entryPaymentState(entry) !== 'paid' || !entry.payment ? null : entry.payment.provider === 'paypal' ? 'paypal' : 'by_hand',
      checkedInAt: entry.checkedInAt?.toISOString() ?? null,
      enteredAt: entry.createdAt.toISOString(),
      heldUntil: heldUntil(entry, this.now())?.toISOString() ?? null,
      disqualified: Boolean(entry.disqualifiedAt),
      juniorCare:
        division === 'junior' && !member.isGuest
          ? {
              emergencyContact:
                member.emergencyContactName && member.emergencyContactPhone
                  ? {
                      name: member.emergencyContactName,
                      phone: member.emergencyContactPhone,
                      relationship: member.emergencyContactRelationship ?? '',
                    }
                  : null,
              medicalNotes: member.medicalNotes ?? null,
            }
          : null,
    };
  }

  private async entry(em: EntityManager, registrationId: string): Promise<EventRegistration> {
    const entry = await em.findOne(EventRegistration, { id: registrationId }, { populate: ['member', 'event', 'payment'] });
    if (!entry) throw new AppError('NOT_FOUND', 'That entry does not exist. Reload the list: it may have been cancelled.');
    return entry;
  }

  /**
   * Checks an entrant in (or undoes it) as the desk tapped it, perhaps sent later from a desk without signal: the
   * check-in time is the tap's (`at`, within the last day). The same tap twice changes nothing and is audited once.
   * Another desk's change since this one looked (`seenCheckedInAt`) is never written over: a tap that agrees with it
   * comes back with a sentence, one that contradicts it is refused with what the other desk did.
   */
  async checkIn(em: EntityManager, actor: Actor, input: CheckInInput): Promise<CheckInResult> {
    const entry = await this.entry(em, input.registrationId);
    if (entry.event.status === 'cancelled') throw new AppError('BAD_REQUEST', 'This event was cancelled.');
    const rules = await this.deps.club.membership(em);
    const name = fullName(entry.member);
    const current = entry.checkedInAt?.toISOString() ?? null;
    if (Boolean(current) === input.checkedIn) {
      const ours = await auditedRequest(
        em,
        { action: 'entry.checkIn', entityType: 'EventRegistration', entityId: entry.id },
        input.requestKey,
      );
      const note =
        input.checkedIn && !ours && input.seenCheckedInAt === null
          ? `${name} was already checked in at ${formatClubTime(current!)}.`
          : null;
      return { entrant: this.entrant(rules, entry, entry.event), note };
    }
    if (input.seenCheckedInAt !== undefined && !sameInstant(input.seenCheckedInAt, current)) {
      const there = current ? `checked in at ${formatClubTime(current)}` : 'not checked in';
      throw new AppError('CONFLICT', `${name}'s check-in was changed at another desk (now ${there}). Yours was not applied.`);
    }
    entry.checkedInAt = input.checkedIn ? this.tappedAt(input.at) : null;
    entry.checkedInBy = input.checkedIn ? actor.user : null;
    recordAudit(em, {
      actor: actor.user,
      actorLabel: 'sign-on desk',
      action: input.checkedIn ? 'entry.checkIn' : 'entry.checkInUndone',
      entityType: 'EventRegistration',
      entityId: entry.id,
      before: { checkedInAt: current },
      after: { checkedInAt: entry.checkedInAt?.toISOString() ?? null, name, ...(input.requestKey ? { requestKey: input.requestKey } : {}) },
    });
    await em.flush();
    return { entrant: this.entrant(rules, entry, entry.event), note: null };
  }

  /** The moment the desk tapped: its own clock when within the last day and not ahead of the server's, else now. */
  private tappedAt(at: string | undefined): Date {
    const now = this.now();
    const tapped = at ? new Date(at) : now;
    return tapped > now || now.getTime() - tapped.getTime() > DAY_MS ? now : tapped;
  }

  /**
   * Money taken at the desk for one entrant's fee: always the entry's own price. A manual payment (audited
   * 'payment.manual') settled like a PayPal capture, so the entry is marked paid and the receipt goes out (a guest's
   * with their sign-in link). The request key makes a retried or double-tapped request record once.
   */
  async recordPayment(
    em: EntityManager,
    actor: Actor,
    input: { registrationId: string; method: ManualPaymentMethod; reference: string | null; requestKey: string },
  ): Promise<{ message: string; entrant: DeskEntrant }> {
    const orderId = `manual-${input.requestKey}`;
    const entry = await this.entry(em, input.registrationId);
    const name = fullName(entry.member);
    const earlier = await em.findOne(Payment, { providerOrderId: orderId });
    if (!earlier) {
      const state = entryPaymentState(entry);
      if (state === 'paid') {
        const how = entry.payment?.method ? ` (${PAYMENT_METHOD_LABELS[entry.payment.method]})` : '';
        throw new AppError('CONFLICT', `${name} has already paid${how}. Nothing was recorded.`);
      }
      if (state === 'free') throw new AppError('BAD_REQUEST', `${name}'s entry is free: there is nothing to pay.`);
      if (state === 'refunded') throw new AppError('BAD_REQUEST', `${name}'s entry fee was refunded: the event was cancelled.`);
      try {
        await em.transactional(async (tem) => {
          // The same request twice at once (a double tap): the second waits here for the first, then finds its payment.
          await tem.execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [orderId]);
          if (await tem.count(Payment, { providerOrderId: orderId })) return;
          const method = PAYMENT_METHOD_LABELS[input.method];
          const priced: PaymentEntries = [{ registrationId: entry.id, memberId: entry.member.id, name, feeCents: entry.feeCents }];
          const payment = tem.create(Payment, {
            kind: 'event',
            purpose: 'entry',
            household: null,
            event: entry.event,
            entries: priced,
            createdBy: actor.user,
            description: `Entry: ${entry.event.name} (${name}, ${method.toLowerCase()})`.slice(0, 200),
            payee: name,
            amountCents: entry.feeCents,
            currency: CURRENCY,
            provider: 'manual',
            method: input.method,
            reference: input.reference,
            providerOrderId: orderId,
            status: 'created',
            capturedAt: this.now(),
            rawResponse: null,
          });
          await tem.flush();
          recordAudit(tem, {
            actor: actor.user,
            actorLabel: 'sign-on desk',
            action: 'payment.manual',
            entityType: 'Payment',
            entityId: payment.id,
            after: { amountCents: entry.feeCents, method: input.method, reference: input.reference, registrationId: entry.id, name },
          });
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    }
    const payment = await em.findOneOrFail(Payment, { providerOrderId: orderId }, { refresh: true });
    if (payment.status === 'created') {
      await this.deps.paymentsService.settle(
        em,
        payment.id,
        {
          outcome: 'completed',
          captureId: `MANUAL-${payment.id.slice(0, 8).toUpperCase()}`,
          amount: centsToAmount(payment.amountCents),
          currency: payment.currency,
          raw: null,
        },
        { actor: actor.user, label: 'sign-on desk', capturedAt: payment.capturedAt ?? this.now() },
      );
    }
    const fresh = await em.findOneOrFail(EventRegistration, { id: entry.id }, { populate: ['member', 'event', 'payment'], refresh: true });
    return {
      message: `${formatAud(payment.amountCents)} ${PAYMENT_METHOD_LABELS[input.method].toLowerCase()} recorded for ${name}.`,
      entrant: this.entrant(await this.deps.club.membership(em), fresh, fresh.event),
    };
  }

  /**
   * A walk-up non-member at the desk: a guest entry at the non-member price, past the close of entries and the
   * capacity (as Add Entrant is for members), to pay at the desk. With an e-mail address, paying sends them the link
   * for logging catches.
   */
  async addGuest(
    em: EntityManager,
    actor: Actor,
    input: DeskGuestInput & { email: string | null; phone: string | null },
  ): Promise<DeskEntrant> {
    const event = await em.findOne(Event, { id: input.eventId });
    if (!event) throw new AppError('NOT_FOUND', 'That event does not exist.');
    if (event.status === 'cancelled') throw new AppError('BAD_REQUEST', 'This event was cancelled.');
    const rules = await this.deps.club.membership(em);
    // The gate, before anything is written (the guest entry asks it too, being the one place a guest is made).
    refuseEntry(rules, event, { ...input, isGuest: true }, clubToday(this.now()), { as: 'guest', self: false });
    const earlier = await auditedRequest(em, { action: 'entry.guest', entityType: 'Event', entityId: event.id }, input.requestKey);
    if (earlier) return this.entrantOf(em, rules, event, String(earlier.after?.memberId), String(earlier.after?.name));
    const name = `${input.firstName} ${input.lastName}`;
    const made = await em.transactional(async (tem) => {
      // Checked and made under the event's row lock: of two desks adding one person at once, the second is told.
      await lockEvent(tem, event.id);
      await refuseIfAlreadyEntered(tem, event, { ...input, guest: true }, this.now());
      const passedOver = await refuseIfOthersWaiting(tem, event, { name, memberId: null, passOverWaiting: input.passOverWaiting === true });
      const created = await this.deps.guests.createGuestEntry(
        tem,
        rules,
        actor,
        await tem.findOneOrFail(Event, { id: event.id }),
        {
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phone: input.phone,
          dateOfBirth: input.dateOfBirth,
          requestKey: input.requestKey,
        },
        'desk',
      );
      await tem.execute('update events set registered_count = registered_count + 1 where id = ?', [event.id]);
      auditPassedOver(tem, actor, event, name, passedOver);
      return created;
    });
    const entry = await em.findOneOrFail(EventRegistration, { id: made.entry.id }, { populate: ['member', 'payment'] });
    return this.entrant(rules, entry, event);
  }

  /** The entrant a walk-up sent before under the same key made (its reply lost): added once, answered again. */
  private async entrantOf(
    em: EntityManager,
    rules: Pick<MembershipRules, 'juniorUnder'>,
    event: Event,
    memberId: string,
    name: string,
  ): Promise<DeskEntrant> {
    const entry = await em.findOne(EventRegistration, { event, member: memberId }, { populate: ['member', 'payment'] });
    if (!entry) throw new AppError('CONFLICT', `${name} was added and has since been taken off ${event.name}.`);
    return this.entrant(rules, entry, event);
  }

  /**
   * A walk-up guest's single-use catch link, for the desk to show as a QR code their phone scans (a guest with no
   * e-mail address gets no link otherwise). Made once the fee is settled, as the e-mailed link is. Showing it again
   * (here, on another desk, or on the printed sheet) shows the same link until it is used or lapses; then a new one
   * is made. Audited.
   */
  async catchLink(em: EntityManager, actor: Actor, registrationId: string): Promise<{ url: string; expires: string }> {
    const entry = await this.entry(em, registrationId);
    const name = fullName(entry.member);
    if (!entry.member.isGuest) throw new AppError('BAD_REQUEST', `${name} is a member and signs in as one to log catches.`);
    const state = entryPaymentState(entry);
    if (state === 'unpaid' || state === 'pay_at_sign_on')
      throw new AppError('BAD_REQUEST', `Take ${name}'s $${centsToAmount(entry.feeCents)} first: the catch link comes with a paid entry.`);
    if (state === 'refunded') throw new AppError('BAD_REQUEST', `${name}'s entry fee was refunded: the entry no longer logs catches.`);
    const link = await this.shownCatchLink(em, actor, entry.id, 'screen');
    return { url: link.url, expires: link.expires.toISOString() };
  }

  /**
   * The entrant list to print: name, member or guest, division, fee and how it stands, check-in, and a column to sign;
   * the waiting list in order with whom to call; and for each paid guest with no e-mail address their catch link as a
   * QR code (the same link the desk's screen shows), so the sheet can be handed over.
   */
  async pdf(em: EntityManager, actor: Actor, eventId: string): Promise<{ name: string; pdf: Buffer }> {
    const desk = await this.list(em, eventId);
    const waiting = await this.waitingContacts(em, eventId);
    const pdf = await renderReportPdf(await this.deps.club.profile(em), {
      title: `Sign-on: ${desk.eventName}`,
      subtitle: `${desk.location} · ${formatClubDateTime(desk.eventDate)} · printed ${formatAuDate(clubToday(this.now()))} ${formatClubTime(this.now())} · ${desk.counts.entered} entered, ${desk.counts.checkedIn} checked in, ${desk.counts.toPay} to pay`,
      tables: [
        {
          heading: 'Entrants',
          columns: [
            { label: 'Name', width: 140 },
            { label: 'Entry', width: 80 },
            { label: 'Fee', width: 50, align: 'right' },
            { label: 'Payment', width: 100 },
            { label: 'Checked in', width: 60 },
            { label: 'Signature', width: 70 },
          ],
          rows: desk.entrants.map((e) => [
            e.name,
            `${e.kind === 'guest' ? 'Guest' : 'Member'}, ${DIVISION_LABELS[e.division]}`,
            `$${e.fee}`,
            e.paidBy ? `${ENTRY_PAYMENT_LABELS[e.paymentState]} (${e.paidBy})` : ENTRY_PAYMENT_LABELS[e.paymentState],
            e.checkedInAt ? formatClubTime(e.checkedInAt) : '',
            '',
          ]),
          empty: 'Nobody has entered yet.',
        },
        {
          heading: 'Waiting list',
          columns: [
            { label: 'No.', width: 40 },
            { label: 'Name', width: 160 },
            { label: 'Entry', width: 60 },
            { label: 'Contact', width: 240 },
          ],
          rows: desk.waiting.map((w) => {
            const who = waiting.get(w.memberId);
            return [String(w.position), w.name, who?.isGuest ? 'Guest' : 'Member', who?.contact ?? ''];
          }),
          empty: 'Nobody is waiting.',
        },
      ],
      qrCards: await this.printedCatchLinks(em, actor, desk),
    });
    return { name: desk.eventName, pdf };
  }

  // ---------- Helpers of the catch link and the printed sheet ----------

  /** The key that seals the links the desk shows; null without a site secret (then each showing makes a new link). */
  private sealer(): Sealer | null {
    return this.deps.sealingSecret ? guestLinkSealer(this.deps.sealingSecret) : null;
  }

  /**
   * The guest's current link again, or a new one (deskGuestLink), under the entry's row lock so that two desks
   * showing it at once show the same link. Audited 'guest.catchLink' each time it is shown.
   */
  private async shownCatchLink(
    em: EntityManager,
    actor: Actor,
    registrationId: string,
    shownOn: 'screen' | 'printed sheet',
  ): Promise<{ url: string; expires: Date }> {
    return em.transactional(async (tem) => {
      await tem.execute('select id from event_registrations where id = ? for update', [registrationId]);
      const entry = await tem.findOneOrFail(EventRegistration, { id: registrationId }, { populate: ['member', 'event'], refresh: true });
      const link = deskGuestLink(entry, entry.event, this.now(), this.deps.publicUrl, this.sealer());
      recordAudit(tem, {
        actor: actor.user,
        actorLabel: 'sign-on desk',
        action: 'guest.catchLink',
        entityType: 'EventRegistration',
        entityId: entry.id,
        after: { name: fullName(entry.member), expires: link.expires.toISOString(), shownOn, newLink: link.made },
      });
      await tem.flush();
      return link;
    });
  }

  /** The 'Catch link' cards of the printed sheet: each paid (or free) guest with no e-mail address, by name. */
  private async printedCatchLinks(em: EntityManager, actor: Actor, desk: DeskView): Promise<PdfQrCards> {
    const guests = desk.entrants.filter((e) => e.kind === 'guest' && !e.email && (e.paymentState === 'paid' || e.paymentState === 'free'));
    const cards: PdfQrCards['cards'] = [];
    for (const guest of guests) {
      const link = await this.shownCatchLink(em, actor, guest.registrationId, 'printed sheet');
      cards.push({
        title: guest.name,
        lines: [
          `Guest, ${DIVISION_LABELS[guest.division]}: scan with the phone you fish with to log your catches in ${desk.eventName}.`,
          `Works once; good until ${formatAuDate(clubToday(link.expires))}.`,
        ],
        link: link.url,
      });
    }
    return {
      heading: 'Catch link',
      note: 'Guests without an e-mail address: hand each their code. It is the same link the desk shows on screen.',
      cards,
    };
  }

  /** Who is waiting, for the printed list: a guest or a member, and a phone number (else an e-mail address) to call. */
  private async waitingContacts(em: EntityManager, eventId: string): Promise<Map<string, { isGuest: boolean; contact: string }>> {
    const waiting = await em.find(WaitlistEntry, { event: eventId }, { populate: ['member'] });
    return new Map(
      waiting.map((w) => [
        w.member.id,
        { isGuest: w.member.isGuest, contact: [w.member.phone, w.member.email].filter(Boolean).join(', ') },
      ]),
    );
  }
}
