import type { EntityManager } from '@mikro-orm/postgresql';
import { clubLocalToInstant, clubToday, formatClubDateTime, instantToClubLocal } from '../../shared/dates';
import { entriesCloseAt, type SignOnRules } from '../../shared/entries';
import { acceptsCatchesOn, fishingWindow } from '../../shared/events';
import type { CompetitionRules } from '../../shared/competition';
import { FISHING_END_BEFORE_START, type AdminEventView, type EventData, type EventView } from '../../shared/events.schema';
import { AppError } from '../../shared/errors';
import { centsToAmount } from '../../shared/membership';
import type { Clock } from '../clock';
import { Event, EventRegistration, Member } from '../db/entities';
import type { Mailer } from '../integrations/mailer';
import { recordAudit } from '../platform/audit.service';
import type { ClubSettingsService } from '../club/club-settings.service';
import type { CmsService } from '../content/cms.service';
import { requireUser, type Actor } from '../platform/actor';
import { calendarEntry, eventIcs } from './calendar';
import { objectUrl, thumbnailKey } from '../platform/object-keys';
import type { EntriesService } from './entries.service';
import { isFull } from './entry-gate';
import type { UploadsService } from '../content/uploads.service';

export interface EventsDeps {
  clock: Clock;
  uploads: UploadsService;
  mailer: Mailer;
  publicUrl: string;
  log: { error(obj: object, msg: string): void };
  /** Entries and their money: refunds when the committee cancels an event. */
  entries: Pick<EntriesService, 'refundCancelledEvent' | 'promoteFromWaitlist'>;
  /** The club's contact e-mail, the organiser of an event's calendar file. */
  cms: Pick<CmsService, 'contactEmail'>;
  /**
   * The club's name (the maker of that calendar file) and competition rules (a new event's fees and fishing hours,
   * and the sign-on hours that close entries by default).
   */
  club: Pick<ClubSettingsService, 'profile' | 'competition'>;
}

const toCents = (amount: string) => Math.round(Number(amount) * 100);

export class EventsService {
  constructor(private readonly deps: EventsDeps) {}

  /** Midnight at the start of today on the club's clocks: events from then on are 'upcoming'. */
  private startOfClubToday(): Date {
    return clubLocalToInstant(`${clubToday(this.deps.clock.now())}T00:00`);
  }

  /** An event as anyone may read it; entries close at the committee's time or the end of the club's sign-on (`signOn`). */
  view(signOn: SignOnRules, event: Event): EventView {
    const now = this.deps.clock.now();
    const full = isFull(event);
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
      isFull: full,
      isOpen: event.status === 'active' && entriesCloseAt(signOn, event) > now && !full,
      acceptsCatchesToday: acceptsCatchesOn(event.eventDate, clubToday(now)),
      fishingStart: event.fishingStart,
      fishingEnd: event.fishingEnd,
      memberFee: centsToAmount(event.registrationFeeCents),
      juniorFee: event.juniorFeeCents === null || event.juniorFeeCents === undefined ? null : centsToAmount(event.juniorFeeCents),
      nonMemberFee: centsToAmount(event.nonMemberFeeCents),
      entriesCloseAt: entriesCloseAt(signOn, event).toISOString(),
      payAtSignOn: event.payAtSignOn,
      requireCheckIn: event.requireCheckIn,
      ageLimit: event.ageLimit,
      membersOnly: event.membersOnly,
    };
  }

  /** Active events from today on (club time), soonest first. */
  async upcoming(em: EntityManager, limit?: number): Promise<EventView[]> {
    const from = this.startOfClubToday();
    const events = await em.find(Event, { status: 'active', eventDate: { $gte: from } }, { orderBy: { eventDate: 'asc' }, limit });
    const signOn = await this.deps.club.competition(em);
    return events.map((e) => this.view(signOn, e));
  }

  /** One event as anyone may read it (its details page); a cancelled one too, saying so. */
  async byId(em: EntityManager, id: string): Promise<EventView> {
    const event = await em.findOne(Event, { id });
    if (!event) throw new AppError('NOT_FOUND', 'That event does not exist.');
    return this.view(await this.deps.club.competition(em), event);
  }

  /** Events that have started (today's included), newest first: what the results board offers. */
  async started(em: EntityManager, limit = 20): Promise<EventView[]> {
    const events = await em.find(
      Event,
      { status: { $ne: 'cancelled' }, eventDate: { $lte: this.deps.clock.now() } },
      { orderBy: { eventDate: 'desc' }, limit },
    );
    const signOn = await this.deps.club.competition(em);
    return events.map((e) => this.view(signOn, e));
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
    return { filename: `${slug(event.name)}.ics`, content: await this.ics(em, event) };
  }

  async adminList(em: EntityManager): Promise<AdminEventView[]> {
    const events = await em.find(Event, {}, { orderBy: { eventDate: 'desc' } });
    const signOn = await this.deps.club.competition(em);
    return events.map((e) => this.adminView(signOn, e));
  }

  /** A new event: what the committee leaves out comes from the club's competition rules (fees, fishing hours). */
  async create(em: EntityManager, actor: Actor, input: EventData): Promise<AdminEventView> {
    const rules = await this.deps.club.competition(em);
    const refusals = new FieldRefusals();
    const hours = refusals.check(() => fishingHours(input, newEventHours(rules)));
    const terms = refusals.check(() => entryTerms(input, null, rules));
    refusals.throwAny();
    const event = em.create(Event, {
      clubCode: null,
      ...this.fields(input),
      ...hours!,
      ...terms!,
      status: input.status ?? 'active',
      registeredCount: 0,
      imageKey: null,
    });
    recordAudit(em, {
      actor: actor.user,
      action: 'event.create',
      entityType: 'Event',
      entityId: event.id,
      after: eventSnapshot(event),
    });
    await em.flush();
    return this.adminView(rules, event);
  }

  async update(em: EntityManager, actor: Actor, id: string, input: EventData): Promise<AdminEventView> {
    const event = await em.findOne(Event, { id });
    if (!event) throw new AppError('NOT_FOUND', 'That event does not exist.');
    const rules = await this.deps.club.competition(em);
    const fields = this.fields(input);
    // Every refused field in one answer, so the form marks them all at once.
    const refusals = new FieldRefusals();
    if (fields.maxParticipants !== null && fields.maxParticipants < event.registeredCount) {
      refusals.add('maxParticipants', `${event.registeredCount} members are already registered, so the maximum cannot be lower than that.`);
    }
    const hours = refusals.check(() => fishingHours(input, event));
    const terms = refusals.check(() => entryTerms(input, event, rules));
    refusals.throwAny();
    const before = eventSnapshot(event);
    const placesBefore = event.maxParticipants ?? null;
    // The committee cancels the event: every fee paid online is returned first (each refund once, so a retry is safe).
    if (input.status === 'cancelled' && event.status !== 'cancelled') await this.deps.entries.refundCancelledEvent(em, actor, event.id);
    em.assign(event, { ...fields, ...hours!, ...terms!, ...(input.status ? { status: input.status } : {}) });
    recordAudit(em, {
      actor: actor.user,
      action: 'event.update',
      entityType: 'Event',
      entityId: event.id,
      before,
      after: eventSnapshot(event),
    });
    await em.flush();
    // More places (or no limit any more): the waiting list moves up, each promoted entrant told.
    const room = (max: number | null | undefined) => (max === null || max === undefined ? Infinity : max);
    if (room(event.maxParticipants) > room(placesBefore)) await this.deps.entries.promoteFromWaitlist(em, event.id);
    return this.adminView(rules, event);
  }

  /** Sets the event image from an upload this server issued (processed and re-encoded on the way). */
  async setImage(em: EntityManager, actor: Actor, id: string, imageUrl: string): Promise<AdminEventView> {
    const event = await em.findOne(Event, { id });
    if (!event) throw new AppError('NOT_FOUND', 'That event does not exist.');
    const key = await this.deps.uploads.takeImage(em, actor, imageUrl);
    const before = eventSnapshot(event);
    event.imageKey = key;
    recordAudit(em, {
      actor: actor.user,
      action: 'event.image',
      entityType: 'Event',
      entityId: event.id,
      before,
      after: eventSnapshot(event),
    });
    await em.flush();
    return this.adminView(await this.deps.club.competition(em), event);
  }

  private adminView(signOn: SignOnRules, event: Event): AdminEventView {
    return {
      ...this.view(signOn, event),
      eventDateLocal: instantToClubLocal(event.eventDate),
      clubCode: event.clubCode ?? null,
      divisions: event.divisions !== false,
      entriesCloseLocal: event.entriesCloseAt ? instantToClubLocal(event.entriesCloseAt) : null,
    };
  }

  /** The fields every event has. */
  private fields(input: EventData) {
    const memberFee = input.memberFee ?? input.registrationFee;
    return {
      name: input.name,
      description: input.description,
      location: input.location,
      eventDate: clubLocalToInstant(input.eventDate),
      rules: input.rules,
      prizes: input.prizes,
      // The member price; memberFee is its newer name, registrationFee the one older scripts send (left out: free, as
      // the published API has it; the admin form sends the club's fee).
      registrationFeeCents: toCents(memberFee),
      maxParticipants: input.maxParticipants,
      ...(input.clubCode !== undefined ? { clubCode: input.clubCode } : {}),
      ...(input.divisions !== undefined ? { divisions: input.divisions } : {}),
    };
  }

  private async ics(em: EntityManager, event: Event): Promise<string> {
    const organizer = await this.deps.cms.contactEmail(em);
    const { name: clubName } = await this.deps.club.profile(em);
    return eventIcs(calendarEntry(event, { publicUrl: this.deps.publicUrl, organizer, clubName }), this.deps.clock.now());
  }

  private async ownMember(em: EntityManager, actor: Actor): Promise<Member | null> {
    return em.findOne(Member, { user: requireUser(actor) });
  }
}

/** The field errors of several checks, refused together (the first one's sentence leads the answer). */
class FieldRefusals {
  private readonly fields: Record<string, string> = {};

  add(field: string, message: string): void {
    this.fields[field] ??= message;
  }

  /** Runs a check; a field error it throws is kept (undefined comes back) and any other error goes on. */
  check<T>(run: () => T): T | undefined {
    try {
      return run();
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'BAD_REQUEST' || !error.details?.field) throw error;
      this.add(error.details.field, error.message);
      return undefined;
    }
  }

  throwAny(): void {
    const [first] = Object.entries(this.fields);
    if (first) throw new AppError('BAD_REQUEST', first[1], { field: first[0], fields: { ...this.fields } });
  }
}

/** The fishing hours given, each left out one kept from `current` (the club's default for a new event); the end after the start. */
function fishingHours(input: EventData, current: { fishingStart: string; fishingEnd: string }) {
  const hours = { fishingStart: input.fishingStart ?? current.fishingStart, fishingEnd: input.fishingEnd ?? current.fishingEnd };
  if (hours.fishingEnd <= hours.fishingStart) throw new AppError('BAD_REQUEST', FISHING_END_BEFORE_START, { field: 'fishingEnd' });
  return hours;
}

/** A new event's fishing hours when the committee sets none: the club's competition rules'. */
const newEventHours = (rules: Pick<CompetitionRules, 'times'>) => ({
  fishingStart: rules.times.fishingStart,
  fishingEnd: rules.times.fishingEnd,
});

/**
 * The entry terms given, each left out kept from `current` (for a new event: the club's non-member and junior fees
 * from its competition rules, entries closing at the end of sign-on, paying at sign-on allowed, no check-in needed,
 * anyone of any age, guests welcome). Entries must close by the time fishing ends on the day.
 */
function entryTerms(input: EventData, current: Event | null, rules: Pick<CompetitionRules, 'entryFeesCents' | 'times'>) {
  const fees = current ? { nonMember: current.nonMemberFeeCents, junior: current.juniorFeeCents ?? null } : rules.entryFeesCents;
  const terms = {
    nonMemberFeeCents: input.nonMemberFee !== undefined ? toCents(input.nonMemberFee) : fees.nonMember,
    juniorFeeCents: input.juniorFee !== undefined ? (input.juniorFee === null ? null : toCents(input.juniorFee)) : fees.junior,
    entriesCloseAt:
      input.entriesCloseAt !== undefined
        ? input.entriesCloseAt === null
          ? null
          : clubLocalToInstant(input.entriesCloseAt)
        : (current?.entriesCloseAt ?? null),
    payAtSignOn: input.payAtSignOn ?? current?.payAtSignOn ?? true,
    requireCheckIn: input.requireCheckIn ?? current?.requireCheckIn ?? false,
    ageLimit: input.ageLimit ?? current?.ageLimit ?? 'anyone',
    membersOnly: input.membersOnly ?? current?.membersOnly ?? false,
  };
  const start = clubLocalToInstant(input.eventDate);
  const hours = fishingHours(input, current ?? newEventHours(rules));
  const fishingEnds = fishingWindow({ eventDate: start, ...hours }).closes;
  if (terms.entriesCloseAt && terms.entriesCloseAt > fishingEnds) {
    throw new AppError('BAD_REQUEST', `Entries must close by the time fishing ends (${formatClubDateTime(fishingEnds)}).`, {
      field: 'entriesCloseAt',
    });
  }
  return terms;
}

/**
 * Every field the committee can set on an event, as the audit log keeps it before and after a change (so that
 * no edit reads 'No field changes'). The club code is kept too: the audit log is for the committee only.
 */
export const eventSnapshot = (event: Event) => ({
  name: event.name,
  description: event.description ?? null,
  location: event.location,
  eventDate: event.eventDate.toISOString(),
  fishingStart: event.fishingStart,
  fishingEnd: event.fishingEnd,
  rules: event.rules ?? null,
  prizes: event.prizes ?? null,
  memberFeeCents: event.registrationFeeCents,
  nonMemberFeeCents: event.nonMemberFeeCents,
  juniorFeeCents: event.juniorFeeCents ?? null,
  maxParticipants: event.maxParticipants ?? null,
  entriesCloseAt: event.entriesCloseAt?.toISOString() ?? null,
  payAtSignOn: event.payAtSignOn,
  requireCheckIn: event.requireCheckIn,
  ageLimit: event.ageLimit,
  membersOnly: event.membersOnly,
  divisions: event.divisions !== false,
  clubCode: event.clubCode ?? null,
  status: event.status,
  imageKey: event.imageKey ?? null,
});

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'event';
