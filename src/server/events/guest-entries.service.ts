import type { EntityManager } from '@mikro-orm/postgresql';
import { clubToday } from '../../shared/dates';
import type { CatchView } from '../../shared/catches.schema';
import {
  divisionOn,
  entryPaymentState,
  type DeskGuestInput,
  type GuestCaptureResult,
  type GuestEntryResult,
  type GuestView,
} from '../../shared/entries.schema';
import { acceptsCatchesOn, fishingWindow } from '../../shared/events';
import { AppError } from '../../shared/errors';
import { centsToAmount, formatAud } from '../../shared/membership';
import type { Clock } from '../clock';
import type { ClubSettingsService } from '../club/club-settings.service';
import { Catch, Event, EventRegistration, Household, Member } from '../db/entities';
import { guestLinkMessage } from '../emails/entries.emails';
import { deliverQuietly, type Mailer } from '../integrations/mailer';
import { recordAudit } from '../platform/audit.service';
import type { Actor, GuestScope } from '../platform/actor';
import { catchView } from '../catches/catch-view';
import type { EntriesService } from './entries.service';
import { refuseEntry, refuseIfClosed, refuseUnlessGuestAccepted, type JuniorAge } from './entry-gate';
import { takePlaces } from './entry-places';
import { holdKey, refuseIfHoldingTooMany, releaseStaleGuestEntries } from './guest-holds';
import { guestLinkExpiry, hashGuestToken, newGuestLink } from './guest-links';
import { consumeRateLimit, type RateRules } from '../platform/rate-limit.service';
import type { PayerSession } from '../payments/payments.service';

export interface GuestEntriesDeps {
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  rateRules: RateRules;
  club: Pick<ClubSettingsService, 'profile' | 'membership' | 'competition' | 'documents'>;
  log: { error(obj: object, msg: string): void };
  entries: Pick<EntriesService, 'orderEntries' | 'ownedOrder' | 'captureOrder' | 'promoteFromWaitlist'>;
}

/** The browser side of a guest: its payer key, the entry it made, and signing the guest in after the link. */
export interface GuestSession {
  payer: PayerSession;
  guestEntry: string | undefined;
  rememberGuestEntry(registrationId: string): void;
  signInGuest(registrationId: string | null): void;
}

const LINK_SENT =
  'If a paid guest entry with that address exists for this event, we have e-mailed it a new sign-in link. Any earlier link no longer works.';

const fullName = (m: Pick<Member, 'firstName' | 'lastName'>) => `${m.firstName} ${m.lastName}`;

/**
 * Guests: non-members who enter one competition. A guest is a Member row with `isGuest` in a household of their own,
 * never primary and never with a membership (status 'pending', no expiry), so every membership rule (entering as a
 * member, the members list, renewals, the join form's address checks) leaves them out, while results, divisions and
 * judging read them like any angler. Each guest entry makes a new guest row: an address typed on the form is not
 * proof of anything, so nothing is ever attached to another record with that address. The guest pays the
 * non-member fee online (or at the desk) and gets by e-mail a single-use link; opening it proves the address and
 * signs that browser in to that one entry: the guest may log their own catches in that event and nothing else.
 */
export class GuestEntriesService {
  constructor(private readonly deps: GuestEntriesDeps) {}

  private now(): Date {
    return this.deps.clock.now();
  }

  /**
   * 'Enter as a guest': the entry is made unpaid (holding its place for UNPAID_GUEST_HOLD_MS, at most
   * UNPAID_GUEST_HOLDS_PER_ADDRESS of them from one address in one event), remembered in this
   * browser, and paid next. Entering again from the same browser with the same address answers with that entry.
   */
  async enter(
    em: EntityManager,
    actor: Actor,
    session: GuestSession,
    input: {
      eventId: string;
      firstName: string;
      lastName: string;
      email: string;
      phone: string;
      dateOfBirth: string;
      documentsAccepted: { id: string; version: string }[];
    },
  ): Promise<GuestEntryResult> {
    refuseUnlessGuestAccepted(await this.deps.club.documents(em), input.documentsAccepted);
    await consumeRateLimit(em, this.deps.clock, this.deps.rateRules.signupPerIp, actor.ip);
    const event = await em.findOne(Event, { id: input.eventId });
    if (!event) throw new AppError('NOT_FOUND', 'That event does not exist.');
    const now = this.now();
    const rules = await this.deps.club.membership(em);
    const signOn = await this.deps.club.competition(em);
    refuseIfClosed(signOn, event, now);
    refuseEntry(rules, event, { ...input, isGuest: true }, clubToday(now), { as: 'guest', self: true });

    const earlier = session.guestEntry
      ? await em.findOne(EventRegistration, { id: session.guestEntry, event }, { populate: ['member'] })
      : null;
    if (earlier && earlier.member.email === input.email && entryPaymentState(earlier) === 'unpaid') {
      return this.entryResult(event, earlier, earlier.member);
    }
    // A place a guest never paid for goes to the waiting list first.
    if (await releaseStaleGuestEntries(em, event.id, now)) await this.deps.entries.promoteFromWaitlist(em, event.id);
    const made = await em.transactional(async (tem) => {
      await refuseIfHoldingTooMany(tem, event.id, actor.ip, now);
      if (!(await takePlaces(tem, signOn, event.id, 1, now))) {
        refuseIfClosed(signOn, await tem.findOneOrFail(Event, { id: event.id }, { refresh: true }), now);
        throw new AppError('CONFLICT', 'Sorry, this event is full.');
      }
      return this.createGuestEntry(tem, rules, actor, event, { ...input, documentsAccepted: input.documentsAccepted }, 'online');
    });
    session.rememberGuestEntry(made.entry.id);
    if (made.entry.feeCents === 0) await this.sendLink(em, made.entry, event, made.member);
    return this.entryResult(event, made.entry, made.member);
  }

  /**
   * A guest's member row (a household of their own) and their entry at the non-member price, audited; in the caller's
   * transaction. `rules`: the club's junior age, for an event limited by age and the guest's division.
   */
  async createGuestEntry(
    em: EntityManager,
    rules: JuniorAge,
    actor: Actor,
    event: Event,
    person: Omit<DeskGuestInput, 'eventId' | 'email' | 'phone'> & {
      email: string | null;
      phone: string | null;
      documentsAccepted?: { id: string; version: string }[];
    },
    via: 'online' | 'desk',
  ): Promise<{ entry: EventRegistration; member: Member }> {
    // The one place a guest is made: the gate holds online and at the desk alike.
    refuseEntry(rules, event, { ...person, isGuest: true }, clubToday(this.now()), { as: 'guest', self: via === 'online' });
    const member = createGuestMember(em, rules, event, person, this.now());
    const entry = em.create(EventRegistration, {
      event,
      member,
      feeCents: event.nonMemberFeeCents,
      payAtSignOn: via === 'desk' && event.nonMemberFeeCents > 0,
      enteredBy: via === 'desk' ? actor.user : null,
      heldFrom: via === 'online' ? holdKey(actor.ip) : null,
    });
    recordAudit(em, {
      actor: actor.user,
      actorLabel: via === 'desk' ? 'sign-on desk' : 'guest entry',
      action: 'entry.guest',
      entityType: 'Event',
      entityId: event.id,
      after: {
        memberId: member.id,
        name: fullName(member),
        feeCents: entry.feeCents,
        via,
        ...(person.requestKey ? { requestKey: person.requestKey } : {}),
      },
    });
    await em.flush();
    return { entry, member };
  }

  private entryResult(event: Event, entry: EventRegistration, member: Member): GuestEntryResult {
    const fee = formatAud(entry.feeCents);
    return {
      registrationId: entry.id,
      eventName: event.name,
      name: fullName(member),
      email: member.email ?? '',
      amount: centsToAmount(entry.feeCents),
      message:
        entry.feeCents > 0
          ? `${fullName(member)} is entered in ${event.name} as a guest. Pay the non-member fee of ${fee} to finish; then we e-mail you the link for logging your catches.`
          : `${fullName(member)} is entered in ${event.name} as a guest. We have e-mailed you the link for logging your catches.`,
    };
  }

  /** The order for this browser's guest entry: exactly the non-member fee priced when it was made. */
  async createOrder(em: EntityManager, session: GuestSession): Promise<{ id: string }> {
    const entry = session.guestEntry
      ? await em.findOne(EventRegistration, { id: session.guestEntry }, { populate: ['member', 'event'] })
      : null;
    if (!entry || !entry.member.isGuest)
      throw new AppError('NOT_FOUND', 'There is no guest entry to pay in this browser. Please enter again.');
    const state = entryPaymentState(entry);
    if (state === 'paid') throw new AppError('CONFLICT', 'This entry is already paid. Check your e-mail for the sign-in link.');
    if (state !== 'unpaid') throw new AppError('CONFLICT', 'There is nothing to pay for this entry.');
    if (entry.event.status !== 'active') throw new AppError('BAD_REQUEST', 'This event was cancelled, so there is nothing to pay.');
    return { id: await this.deps.entries.orderEntries(em, null, session.payer, entry.event, [entry], fullName(entry.member)) };
  }

  /** Captures the guest's order (from the browser that made it); the receipt carries the sign-in link. */
  async capture(em: EntityManager, actor: Actor, session: GuestSession, orderId: string): Promise<GuestCaptureResult> {
    const payment = await this.deps.entries.ownedOrder(em, actor, session.payer, orderId);
    const result = await this.deps.entries.captureOrder(em, payment, { actor: null, label: 'guest entry' });
    const entry = payment.entries?.[0]
      ? await em.findOne(EventRegistration, { id: payment.entries[0].registrationId }, { populate: ['member'] })
      : null;
    const email = entry?.member.email ?? '';
    return {
      ...result,
      email,
      message:
        result.status === 'COMPLETED'
          ? `Payment received: you are entered. We have e-mailed ${email} your receipt and the link that signs you in to log your catches on the day.`
          : result.message,
    };
  }

  /**
   * Claims a guest's link (single use, atomically) and signs this browser in to that one entry. Opening the same link
   * again in the browser it already signed in is not an error.
   */
  async signIn(em: EntityManager, actor: Actor, session: GuestSession, token: string): Promise<GuestView> {
    await consumeRateLimit(em, this.deps.clock, this.deps.rateRules.verifyPerIp, actor.ip);
    const now = this.now();
    const hash = hashGuestToken(token);
    const claimed = await em.execute<{ id: string }[]>(
      `update event_registrations set guest_token_used_at = ?, guest_token_sealed = null where guest_token_hash = ? and guest_token_used_at is null and guest_token_expires_at > ? returning id`,
      [now, hash, now],
    );
    let registrationId = claimed[0]?.id;
    if (!registrationId) {
      const entry = await em.findOne(EventRegistration, { guestTokenHash: hash }, { populate: ['member'] });
      if (entry && entry.guestTokenUsedAt && actor.guest?.registrationId === entry.id) registrationId = entry.id;
      else if (!entry)
        throw new AppError(
          'BAD_REQUEST',
          'This link is not valid. It may have been replaced by a newer one: use the latest e-mail, or ask for a new link.',
        );
      else if (entry.guestTokenUsedAt)
        throw new AppError(
          'BAD_REQUEST',
          // A guest with no e-mail address had the link from the desk, so only the desk can give another.
          entry.member.email
            ? 'This link has already been used. Ask for a new link on the event, with the same e-mail address.'
            : 'This link has already been used. Ask the sign-on desk to show you a new one.',
        );
      else throw new AppError('BAD_REQUEST', 'This link has expired.');
    }
    const scope = await this.resolve(em, registrationId);
    if (!scope) throw new AppError('BAD_REQUEST', 'This entry is no longer valid (it was cancelled or the event is over).');
    session.signInGuest(registrationId);
    if (!claimed.length) return this.view(em, scope);
    recordAudit(em, {
      actor: null,
      actorLabel: 'guest link',
      action: 'guest.signIn',
      entityType: 'EventRegistration',
      entityId: registrationId,
      after: { memberId: scope.memberId, eventId: scope.eventId },
    });
    await em.flush();
    return this.view(em, scope);
  }

  /**
   * The guest a session names, while their entry stands: a guest's entry, paid (or free), not refunded, and the
   * event's catches still being taken. Anything else is no session at all.
   */
  async resolve(em: EntityManager, registrationId: string): Promise<GuestScope | null> {
    if (!/^[0-9a-f-]{36}$/i.test(registrationId)) return null;
    const entry = await em.findOne(EventRegistration, { id: registrationId }, { populate: ['member', 'event'] });
    if (!entry || !entry.member.isGuest || entry.event.status === 'cancelled') return null;
    const state = entryPaymentState(entry);
    if (state !== 'paid' && state !== 'free') return null;
    if (this.now() > guestLinkExpiry(entry.event, entry.createdAt)) return null;
    return { registrationId: entry.id, memberId: entry.member.id, eventId: entry.event.id };
  }

  /** The signed-in guest's event and what they may do in it; null when this browser holds no guest session. */
  async me(em: EntityManager, actor: Actor): Promise<GuestView | null> {
    return actor.guest ? this.view(em, actor.guest) : null;
  }

  async signOut(session: GuestSession): Promise<{ message: string }> {
    session.signInGuest(null);
    return { message: 'Signed out.' };
  }

  /** The signed-in guest's own catches in their event, newest first. */
  async catches(em: EntityManager, actor: Actor): Promise<CatchView[]> {
    if (!actor.guest) throw new AppError('UNAUTHORIZED', 'Please open the sign-in link from your e-mail first.');
    const catches = await em.find(
      Catch,
      { angler: actor.guest.memberId, event: actor.guest.eventId },
      { populate: ['event', 'angler'], orderBy: { caughtAt: 'desc', id: 'asc' }, limit: 50 },
    );
    return catches.map(catchView);
  }

  /** 'Send me a new link': the same answer whoever asks; a paid guest of that event with that address gets a new link. */
  async sendNewLink(em: EntityManager, actor: Actor, input: { eventId: string; email: string }): Promise<{ message: string }> {
    await consumeRateLimit(em, this.deps.clock, this.deps.rateRules.emailPerIp, actor.ip);
    const entries = await em.find(
      EventRegistration,
      { event: input.eventId, member: { isGuest: true, email: input.email } },
      { populate: ['member', 'event'] },
    );
    for (const entry of entries) {
      const state = entryPaymentState(entry);
      if (state === 'paid' || state === 'free') await this.sendLink(em, entry, entry.event, entry.member);
    }
    return { message: LINK_SENT };
  }

  /** A new single-use link for a guest's entry, e-mailed (the previous one stops working). */
  async sendLink(em: EntityManager, entry: EventRegistration, event: Event, member: Member): Promise<void> {
    if (!member.email) return;
    const link = newGuestLink(entry, event, this.now(), this.deps.publicUrl);
    await em.flush();
    const mail = await guestLinkMessage(await this.deps.club.profile(em), {
      eventName: event.name,
      location: event.location,
      start: event.eventDate,
      firstName: member.firstName,
      url: link.url,
      expires: link.expires,
    });
    await deliverQuietly(this.deps.mailer, this.deps.log, { to: member.email, ...mail });
  }

  private async view(em: EntityManager, scope: GuestScope): Promise<GuestView> {
    const entry = await em.findOneOrFail(EventRegistration, { id: scope.registrationId }, { populate: ['member', 'event'] });
    const { event, member } = entry;
    const rules = await this.deps.club.membership(em);
    const now = this.now();
    const fishingOpen = clubToday(now) === clubToday(event.eventDate) && now >= fishingWindow(event).opens;
    return {
      memberId: member.id,
      name: fullName(member),
      eventId: event.id,
      eventName: event.name,
      location: event.location,
      eventDate: event.eventDate.toISOString(),
      fishingStart: event.fishingStart,
      fishingEnd: event.fishingEnd,
      acceptsCatchesToday: acceptsCatchesOn(event.eventDate, clubToday(now)),
      division: divisionOn(rules, member.dateOfBirth, event.eventDate),
      checkedIn: Boolean(entry.checkedInAt),
      requireCheckIn: event.requireCheckIn,
      clubCode: fishingOpen ? (event.clubCode ?? null) : null,
    };
  }
}

/**
 * The catch form's rule for a guest (CatchesService.submit): their own catches, in their own event, and nothing else.
 * A 4xx with a sentence otherwise.
 */
export function refuseOutsideGuestScope(guest: GuestScope, eventId: string, memberId: string): void {
  if (eventId !== guest.eventId)
    throw new AppError('FORBIDDEN', 'You are signed in as a guest for one competition only, so you can log catches for that event only.', {
      field: 'eventId',
    });
  if (memberId !== guest.memberId) throw new AppError('FORBIDDEN', 'As a guest you can log your own catches only.', { field: 'memberId' });
}

/** A guest as typed (online or at the desk): who they are, how to reach them, and the documents they accepted online. */
export interface GuestPerson {
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  dateOfBirth: string;
  documentsAccepted?: { id: string; version: string }[];
}

/**
 * A guest's member row in a household of their own (never primary, never a membership), in the caller's unit of work:
 * for an entry, or a place on a waiting list that becomes one. A junior by the club's junior age on the event's day.
 */
export function createGuestMember(
  em: EntityManager,
  rules: JuniorAge,
  event: Pick<Event, 'eventDate'>,
  person: GuestPerson,
  now: Date,
): Member {
  const junior = divisionOn(rules, person.dateOfBirth, event.eventDate) === 'junior';
  const household = em.create(Household, { membershipType: junior ? 'junior' : 'adult' });
  return em.create(Member, {
    household,
    isPrimary: false,
    isGuest: true,
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email,
    phone: person.phone,
    dateOfBirth: person.dateOfBirth,
    membershipType: junior ? 'junior' : 'adult',
    status: 'pending',
    termsAcceptedAt: person.documentsAccepted ? now : null,
    documentsAccepted: person.documentsAccepted?.map((d) => ({ ...d, acceptedAt: now.toISOString() })) ?? null,
  });
}
