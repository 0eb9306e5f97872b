import type { EntityManager } from '@mikro-orm/postgresql';
import { clubLocalToInstant, clubToday, instantToClubLocal } from '../../shared/dates';
import {
  acceptsCatchesOn,
  DEFAULT_FISHING_END,
  DEFAULT_FISHING_START,
  fishingCloses,
  fishingWindow,
  registrationCancellable,
} from '../../shared/events';
import {
  FISHING_END_BEFORE_START,
  type AdminEventView,
  type EventData,
  type EventView,
  type MemberRegistration,
} from '../../shared/events.schema';
import { AppError } from '../../shared/errors';
import { centsToAmount } from '../../shared/membership';
import type { Clock } from '../clock';
import { Event, EventRegistration, Member } from '../db/entities';
import { isUniqueViolation } from '../db/unique-violation';
import { eventRegistrationMessage } from '../emails/events.emails';
import { deliverQuietly, type Mailer } from '../integrations/mailer';
import { recordAudit } from './audit.service';
import type { ContentCache } from './content-cache';
import { requireUser, type Actor } from './actor';
import { eventIcs } from './calendar';
import { isCurrentMember, refuseIfSuspended } from './member-status';
import { objectUrl, thumbnailKey } from './object-keys';
import type { UploadsService } from './uploads.service';

export interface EventsDeps {
  clock: Clock;
  uploads: UploadsService;
  mailer: Mailer;
  publicUrl: string;
  log: { error(obj: object, msg: string): void };
  cache: ContentCache;
}

const toCents = (amount: string) => Math.round(Number(amount) * 100);

export class EventsService {
  constructor(private readonly deps: EventsDeps) {}

  /** Midnight at the start of today on the club's clocks: events from then on are 'upcoming'. */
  private startOfClubToday(): Date {
    return clubLocalToInstant(`${clubToday(this.deps.clock.now())}T00:00`);
  }

  view(event: Event): EventView {
    const now = this.deps.clock.now();
    const isFull = event.maxParticipants !== null && event.maxParticipants !== undefined && event.registeredCount >= event.maxParticipants;
    return {
      id: event.id,
      name: event.name,
      description: event.description ?? null,
      location: event.location,
      eventDate: event.eventDate.toISOString(),
      date: event.eventDate.toISOString(),
      imageUrl: event.imageKey ? objectUrl(event.imageKey) : null,
      thumbnailUrl: event.imageKey ? objectUrl(thumbnailKey(event.imageKey)) : null,
      rules: event.rules ?? null,
      prizes: event.prizes ?? null,
      registrationFee: centsToAmount(event.registrationFeeCents),
      maxParticipants: event.maxParticipants ?? null,
      status: event.status,
      registeredCount: event.registeredCount,
      isFull,
      isOpen: event.status === 'active' && event.eventDate > now && !isFull,
      acceptsCatchesToday: acceptsCatchesOn(event.eventDate, clubToday(now)),
      fishingStart: event.fishingStart,
      fishingEnd: event.fishingEnd,
    };
  }

  /** Active events from today on (club time), soonest first. */
  async upcoming(em: EntityManager, limit?: number): Promise<EventView[]> {
    const from = this.startOfClubToday();
    const { value } = await this.deps.cache.get(`events.upcoming:${from.toISOString()}:${limit ?? 'all'}`, async () => {
      const events = await em.find(Event, { status: 'active', eventDate: { $gte: from } }, { orderBy: { eventDate: 'asc' }, limit });
      return events.map((e) => this.view(e));
    });
    return value;
  }

  /** Events that have started (today's included), newest first: what the results board offers. */
  async started(em: EntityManager, limit = 20): Promise<EventView[]> {
    const events = await em.find(
      Event,
      { status: { $ne: 'cancelled' }, eventDate: { $lte: this.deps.clock.now() } },
      { orderBy: { eventDate: 'desc' }, limit },
    );
    return events.map((e) => this.view(e));
  }

  async memberRegistrations(em: EntityManager, actor: Actor): Promise<MemberRegistration[]> {
    const member = await this.ownMember(em, actor);
    if (!member) return [];
    const registrations = await em.find(EventRegistration, { member }, { populate: ['event'], orderBy: { event: { eventDate: 'asc' } } });
    return registrations.map((r) => this.registrationView(r, r.event));
  }

  /** A registration as its member sees it, with what they may still do about it. */
  private registrationView(registration: EventRegistration, event: Event): MemberRegistration {
    const now = this.deps.clock.now();
    return {
      id: registration.id,
      eventId: event.id,
      name: event.name,
      location: event.location,
      eventDate: event.eventDate.toISOString(),
      date: event.eventDate.toISOString(),
      registeredAt: registration.createdAt.toISOString(),
      canCancel: registrationCancellable(event.eventDate, now),
      acceptsCatchesToday: acceptsCatchesOn(event.eventDate, clubToday(now)),
    };
  }

  /**
   * Registers the caller's membership. The capacity check is one conditional UPDATE, so with one place
   * left exactly one of many simultaneous registrations gets it; a duplicate is refused by the unique key.
   */
  async register(em: EntityManager, actor: Actor, eventId: string): Promise<MemberRegistration> {
    const member = await this.ownMember(em, actor);
    if (!member || !isCurrentMember(member, clubToday(this.deps.clock.now()))) {
      throw new AppError('FORBIDDEN', 'Only current club members can register for events. Join or renew your membership first.');
    }
    refuseIfSuspended(member, clubToday(this.deps.clock.now()), 'enter events', { self: true });
    const now = this.deps.clock.now();
    const registration = await em.transactional(async (tem) => {
      const taken = await tem.execute<{ id: string }[]>(
        `update events set registered_count = registered_count + 1
         where id = ? and status = 'active' and event_date > ? and (max_participants is null or registered_count < max_participants)
         returning id`,
        [eventId, now],
      );
      if (!taken.length) {
        const event = await tem.findOne(Event, { id: eventId });
        if (!event) throw new AppError('NOT_FOUND', 'That event does not exist.');
        if (event.status !== 'active' || event.eventDate <= now)
          throw new AppError('BAD_REQUEST', 'Registration for this event has closed.');
        throw new AppError('CONFLICT', 'Sorry, this event is full.');
      }
      if (await tem.count(EventRegistration, { event: eventId, member })) {
        throw new AppError('CONFLICT', 'You are already registered for this event.');
      }
      const created = tem.create(EventRegistration, {
        event: tem.getReference(Event, eventId),
        member: tem.getReference(Member, member.id),
      });
      await tem.flush().catch((error) => {
        if (isUniqueViolation(error)) {
          throw new AppError('CONFLICT', 'You are already registered for this event.');
        }
        throw error;
      });
      return created;
    });
    const event = await em.findOneOrFail(Event, { id: eventId }, { refresh: true });
    await this.sendConfirmation(member, event, actor);
    return this.registrationView(registration, event);
  }

  /**
   * The committee enters a member on the day (sign-on at the ramp), past the close of entries and the capacity:
   * only entrants' catches count. Audited; entering someone twice is refused.
   */
  async addEntrant(em: EntityManager, actor: Actor, eventId: string, memberId: string): Promise<{ message: string }> {
    const event = await em.findOne(Event, { id: eventId });
    if (!event) throw new AppError('NOT_FOUND', 'That event does not exist.');
    if (event.status === 'cancelled') throw new AppError('BAD_REQUEST', 'This event was cancelled.');
    const member = await em.findOne(Member, { id: memberId });
    if (!member || !isCurrentMember(member, clubToday(this.deps.clock.now())))
      throw new AppError('BAD_REQUEST', 'Please choose a current club member.', { field: 'memberId' });
    refuseIfSuspended(member, clubToday(this.deps.clock.now()), 'enter events', { self: false, field: 'memberId' });
    const name = `${member.firstName} ${member.lastName}`;
    const already = new AppError('CONFLICT', `${name} is already entered in ${event.name}.`);
    await em.transactional(async (tem) => {
      if (await tem.count(EventRegistration, { event: eventId, member: memberId })) throw already;
      tem.create(EventRegistration, { event: tem.getReference(Event, eventId), member: tem.getReference(Member, memberId) });
      recordAudit(tem, {
        actor: actor.user,
        action: 'event.addEntrant',
        entityType: 'Event',
        entityId: eventId,
        after: { memberId, name },
      });
      await tem.flush().catch((error) => {
        throw isUniqueViolation(error) ? already : error;
      });
      await tem.execute('update events set registered_count = registered_count + 1 where id = ?', [eventId]);
    });
    return { message: `${name} is entered in ${event.name}.` };
  }

  async cancel(em: EntityManager, actor: Actor, eventId: string): Promise<void> {
    const member = await this.ownMember(em, actor);
    await em.transactional(async (tem) => {
      const registration = member ? await tem.findOne(EventRegistration, { event: eventId, member }, { populate: ['event'] }) : null;
      if (!registration) throw new AppError('NOT_FOUND', 'You are not registered for this event.');
      if (!registrationCancellable(registration.event.eventDate, this.deps.clock.now()))
        throw new AppError('BAD_REQUEST', 'This event has already started, so the registration can no longer be cancelled.');
      tem.remove(registration);
      await tem.flush();
      await tem.execute('update events set registered_count = registered_count - 1 where id = ? and registered_count > 0', [eventId]);
    });
  }

  /**
   * The code word for the brag mat, for a member registered for the event, once fishing has opened on the
   * day (club time). Before that nobody but the committee knows it.
   */
  async clubCode(em: EntityManager, actor: Actor, eventId: string): Promise<{ code: string | null }> {
    const member = await this.ownMember(em, actor);
    const event = await em.findOne(Event, { id: eventId });
    if (!event) throw new AppError('NOT_FOUND', 'That event does not exist.');
    const now = this.deps.clock.now();
    if (!member || !(await em.count(EventRegistration, { event, member })))
      throw new AppError('FORBIDDEN', 'Register for this event to see its club code.');
    if (clubToday(now) !== clubToday(event.eventDate) || now < fishingWindow(event).opens) {
      throw new AppError('BAD_REQUEST', 'The club code is shown on the day of the event, once fishing opens.');
    }
    return { code: event.clubCode ?? null };
  }

  /** The event as an .ics file for 'Add to calendar'. */
  async calendar(em: EntityManager, eventId: string): Promise<{ filename: string; content: string }> {
    const event = await em.findOne(Event, { id: eventId });
    if (!event) throw new AppError('NOT_FOUND', 'That event does not exist.');
    return { filename: `${slug(event.name)}.ics`, content: this.ics(event) };
  }

  async adminList(em: EntityManager): Promise<AdminEventView[]> {
    const events = await em.find(Event, {}, { orderBy: { eventDate: 'desc' } });
    return events.map((e) => this.adminView(e));
  }

  async create(em: EntityManager, actor: Actor, input: EventData): Promise<AdminEventView> {
    const event = em.create(Event, {
      clubCode: null,
      ...this.fields(input),
      ...fishingHours(input, { fishingStart: DEFAULT_FISHING_START, fishingEnd: DEFAULT_FISHING_END }),
      status: input.status ?? 'active',
      registeredCount: 0,
      imageKey: null,
    });
    recordAudit(em, { actor: actor.user, action: 'event.create', entityType: 'Event', entityId: event.id, after: { name: event.name } });
    await em.flush();
    return this.adminView(event);
  }

  async update(em: EntityManager, actor: Actor, id: string, input: EventData): Promise<AdminEventView> {
    const event = await em.findOne(Event, { id });
    if (!event) throw new AppError('NOT_FOUND', 'That event does not exist.');
    const fields = this.fields(input);
    if (fields.maxParticipants !== null && fields.maxParticipants < event.registeredCount) {
      throw new AppError(
        'BAD_REQUEST',
        `${event.registeredCount} members are already registered, so the maximum cannot be lower than that.`,
        { field: 'maxParticipants' },
      );
    }
    const before = {
      name: event.name,
      eventDate: event.eventDate.toISOString(),
      status: event.status,
      fishingStart: event.fishingStart,
      fishingEnd: event.fishingEnd,
    };
    em.assign(event, { ...fields, ...fishingHours(input, event), ...(input.status ? { status: input.status } : {}) });
    recordAudit(em, {
      actor: actor.user,
      action: 'event.update',
      entityType: 'Event',
      entityId: event.id,
      before,
      after: {
        name: event.name,
        eventDate: event.eventDate.toISOString(),
        status: event.status,
        fishingStart: event.fishingStart,
        fishingEnd: event.fishingEnd,
      },
    });
    await em.flush();
    return this.adminView(event);
  }

  /** Sets the event image from an upload this server issued (processed and re-encoded on the way). */
  async setImage(em: EntityManager, actor: Actor, id: string, imageUrl: string): Promise<AdminEventView> {
    const event = await em.findOne(Event, { id });
    if (!event) throw new AppError('NOT_FOUND', 'That event does not exist.');
    const key = await this.deps.uploads.takeImage(em, actor, imageUrl);
    recordAudit(em, {
      actor: actor.user,
      action: 'event.image',
      entityType: 'Event',
      entityId: event.id,
      before: { imageKey: event.imageKey ?? null },
      after: { imageKey: key },
    });
    event.imageKey = key;
    await em.flush();
    return this.adminView(event);
  }

  private adminView(event: Event): AdminEventView {
    return {
      ...this.view(event),
      eventDateLocal: instantToClubLocal(event.eventDate),
      clubCode: event.clubCode ?? null,
      divisions: event.divisions !== false,
    };
  }

  private fields(input: EventData) {
    return {
      name: input.name,
      description: input.description,
      location: input.location,
      eventDate: clubLocalToInstant(input.eventDate),
      rules: input.rules,
      prizes: input.prizes,
      registrationFeeCents: toCents(input.registrationFee),
      maxParticipants: input.maxParticipants,
      ...(input.clubCode !== undefined ? { clubCode: input.clubCode } : {}),
      ...(input.divisions !== undefined ? { divisions: input.divisions } : {}),
    };
  }

  private ics(event: Event): string {
    return eventIcs(
      {
        id: event.id,
        name: event.name,
        description: event.description,
        location: event.location,
        start: event.eventDate,
        end: fishingCloses(event),
        url: `${this.deps.publicUrl}/member?tab=events`,
      },
      this.deps.clock.now(),
    );
  }

  private async ownMember(em: EntityManager, actor: Actor): Promise<Member | null> {
    return em.findOne(Member, { user: requireUser(actor) });
  }

  private async sendConfirmation(member: Member, event: Event, actor: Actor): Promise<void> {
    const to = member.email ?? actor.user?.email;
    if (!to) return;
    const mail = await eventRegistrationMessage({
      firstName: member.firstName,
      eventName: event.name,
      location: event.location,
      start: event.eventDate,
      fee: centsToAmount(event.registrationFeeCents),
      portalUrl: `${this.deps.publicUrl}/member?tab=events`,
    });
    const ics = {
      filename: `${slug(event.name)}.ics`,
      content: this.ics(event),
      contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
    };
    await deliverQuietly(this.deps.mailer, this.deps.log, { to, ...mail, attachments: [ics] });
  }
}

/** The fishing hours given, each left out one kept from `current` (the club's default for a new event); the end after the start. */
function fishingHours(input: EventData, current: { fishingStart: string; fishingEnd: string }) {
  const hours = { fishingStart: input.fishingStart ?? current.fishingStart, fishingEnd: input.fishingEnd ?? current.fishingEnd };
  if (hours.fishingEnd <= hours.fishingStart) throw new AppError('BAD_REQUEST', FISHING_END_BEFORE_START, { field: 'fishingEnd' });
  return hours;
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'event';
