import type { EntityManager } from '@mikro-orm/postgresql';
import { createHash } from 'node:crypto';
import { achievementFor, type Achievement } from '../../shared/catches';
import { GPS_UNAVAILABLE, LATE_CATCH_DAYS, type CatchSubmission, type CatchView } from '../../shared/catches.schema';
import { clubLocalToInstant, clubToday, daysBetween, type IsoDate } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import { acceptsCatchesOn, isWithinFishingHours, outsideFishingHoursMessage } from '../../shared/events';
import { CATCH_PHOTO_MAX_BYTES } from '../../shared/uploads';
import { parseGps } from '../../shared/gps';
import type { Clock } from '../clock';
import { Catch, Event, EventRegistration, FishingSession, Member, type User } from '../db/entities';
import { isUniqueViolation } from '../db/unique-violation';
import { requireUser, type Actor, type GuestScope } from '../platform/actor';
import { catchFlags } from './catch-flags';
import { catchView } from './catch-view';
import { earlierCatchWithPhoto } from './duplicate-photos';
import { currentFishingArea } from './fishing-area.service';
import { readPhotoFacts } from '../content/images';
import { photoPrint } from './photo-prints';
import { refuseUnlessCheckedIn } from '../payments/entry-payments';
import { disqualifiedError } from './fair-play.service';
import { refuseOutsideGuestScope } from '../events/guest-entries.service';
import { isCurrentMember, refuseIfSuspended, requireCurrentMember } from '../membership/member-status';
import type { UploadsService } from '../content/uploads.service';
import type { ClubSettingsService } from '../club/club-settings.service';
import { listedSpecies } from '../club/listed-species';
import type { SpeciesRule } from '../../shared/species';

export interface CatchesDeps {
  clock: Clock;
  uploads: UploadsService;
  /** The club's species: what a catch may be logged as, and its legal minimum length. */
  club: Pick<ClubSettingsService, 'species'>;
}

/** A phone clock may run a little ahead of ours. */
const CLOCK_SKEW_MS = 5 * 60_000;

export class CatchesService {
  constructor(private readonly deps: CatchesDeps) {}

  /**
   * Logs a catch on its event's day and within its fishing hours (club time; admins any day and time). A catch
   * logged on the phone without signal carries its `loggedAt` (the hours are checked against it) and is
   * accepted up to LATE_CATCH_DAYS after its day; the judge sees how
   * late it came and how its time compares with the photo's own. The photo's EXIF time and place are kept
   * for the judge before the stored copy is re-encoded without metadata. The same clientId twice stores
   * one catch.
   */
  async submit(
    em: EntityManager,
    actor: Actor,
    input: CatchSubmission,
    photo: Buffer | undefined,
  ): Promise<{ catch: CatchView; achievement: Achievement }> {
    // A guest (signed in by their e-mailed link) logs their own catches in their one event; anyone else signs in.
    const guest = actor.user ? null : (actor.guest ?? null);
    const user = guest ? null : requireUser(actor);
    if (input.clientId) {
      const existing = await em.findOne(Catch, { clientId: input.clientId }, { populate: ['event', 'angler'] });
      if (existing) return this.result(existing);
    }
    // One of the club's species as it lists them now (a catch logged earlier keeps its own).
    const species = await listedSpecies(this.deps.club, em, input.fishType, 'fishType');
    const now = this.deps.clock.now();
    const loggedAt = this.loggedTime(input.loggedAt, now);
    // The day the catch was logged decides, so a catch queued on the water still counts after the day ends.
    const day = clubToday(loggedAt);
    const isAdmin = user?.role === 'admin';
    const { event, angler } = await this.eventAndAngler(em, actor, input, { guest, isAdmin, day, loggedAt });
    if (!photo?.length) throw new AppError('BAD_REQUEST', 'Please take a photo of your catch.', { field: 'photo' });

    const { facts, print, photoHash, photoKey, gps, duplicateOf, flags } = await this.photoAndFlags(em, user, photo, input, {
      species,
      event,
      loggedAt,
      now,
    });

    const created = em.create(Catch, {
      clientId: input.clientId ?? null,
      event,
      angler,
      submittedBy: user,
      species: species.name,
      sizeCm: input.size,
      fate: input.fishKeptOrReleased,
      caughtAt: loggedAt,
      createdAt: now,
      gpsText: input.gpsCoordinates || GPS_UNAVAILABLE,
      latitude: gps?.lat ?? null,
      longitude: gps?.lng ?? null,
      photoKey,
      photoHash,
      photoPhash: print?.phash ?? null,
      photoPrint: print?.print ?? null,
      duplicateOf,
      photoTakenAt: facts.takenAt,
      photoLatitude: facts.latitude,
      photoLongitude: facts.longitude,
      photoCamera: facts.camera,
      flags,
      status: 'pending',
      verifiedBy: null,
      verifiedAt: null,
      rejectReason: null,
      waiverAcceptedAt: now,
      accuracyConfirmedAt: now,
    });
    try {
      await em.flush();
    } catch (error) {
      // The same clientId sent twice at once: the unique key lets one through; answer with it.
      if (isUniqueViolation(error) && input.clientId) {
        em.clear();
        return this.result(await em.findOneOrFail(Catch, { clientId: input.clientId }, { populate: ['event', 'angler'] }));
      }
      throw error;
    }
    return this.result(created);
  }

  /** The event and angler of a catch, once the caller may log it for them there and then. */
  private async eventAndAngler(
    em: EntityManager,
    actor: Actor,
    input: CatchSubmission,
    { guest, isAdmin, day, loggedAt }: { guest: GuestScope | null; isAdmin: boolean; day: IsoDate; loggedAt: Date },
  ): Promise<{ event: Event; angler: Member }> {
    if (guest) refuseOutsideGuestScope(guest, input.eventId, input.memberId);
    else await requireCurrentMember(em, actor, day, 'log catches');
    const event = await em.findOne(Event, { id: input.eventId });
    if (!event) throw new AppError('BAD_REQUEST', 'Please choose the event.', { field: 'eventId' });
    if (!isAdmin && !acceptsCatchesOn(event.eventDate, day)) {
      throw new AppError('BAD_REQUEST', 'Catches can only be logged on the day of the event.', { field: 'eventId' });
    }
    // Within the event's own fishing hours, by the time it was logged (a catch queued on the water keeps its time).
    if (!isAdmin && !isWithinFishingHours(event, loggedAt))
      throw new AppError('BAD_REQUEST', outsideFishingHoursMessage(event, loggedAt), { field: 'loggedAt' });
    const angler = await em.findOne(Member, { id: input.memberId });
    if (!angler || (!guest && !isCurrentMember(angler, day)))
      throw new AppError('BAD_REQUEST', 'Please choose a current club member as the angler.', { field: 'memberId' });
    refuseIfSuspended(angler, day, 'log catches', { self: false, field: 'memberId' });
    // Only entrants score: the committee can still add an entrant on the day (admin.events.addEntrant).
    const entry = await em.findOne(EventRegistration, { event, member: angler });
    if (!entry)
      throw new AppError(
        'BAD_REQUEST',
        `${angler.firstName} ${angler.lastName} is not entered in ${event.name}. Only entrants' catches count; the committee can add an entrant on the day.`,
        { field: 'memberId' },
      );
    if (entry.disqualifiedAt) throw disqualifiedError(angler, event);
    refuseUnlessCheckedIn(event, entry, angler, isAdmin);
    return { event, angler };
  }

  /** What the photo says (read from the original upload), the stored copy, and the judge's flags for the catch. */
  private async photoAndFlags(
    em: EntityManager,
    user: User | null,
    photo: Buffer,
    input: CatchSubmission,
    { species, event, loggedAt, now }: { species: SpeciesRule; event: Event; loggedAt: Date; now: Date },
  ) {
    // Read from the original upload: the stored copy is re-encoded without its metadata.
    const [facts, print] = await Promise.all([readPhotoFacts(photo, (local) => clubLocalToInstant(local)), photoPrint(photo)]);
    const photoHash = createHash('sha256').update(photo).digest('hex');
    const photoKey = await this.deps.uploads.storeImage(em, user, photo, CATCH_PHOTO_MAX_BYTES);

    const gps = parseGps(input.gpsCoordinates);
    const duplicateOf = await earlierCatchWithPhoto(em, photoHash, print);
    const photoPosition = facts.latitude !== null && facts.longitude !== null ? { lat: facts.latitude, lng: facts.longitude } : null;
    const flags = catchFlags({
      gps,
      photoPosition,
      area: await currentFishingArea(em),
      duplicatePhoto: duplicateOf !== null,
      photo: { camera: facts.camera, takenAt: facts.takenAt },
      event,
      loggedAt,
      receivedAt: now,
      fate: input.fishKeptOrReleased,
      sizeCm: input.size,
      minimumCm: species.minimumCm,
    });
    return { facts, print, photoHash, photoKey, gps, duplicateOf, flags };
  }

  /** When the phone logged the catch (now when it did not say); never in the future, never long ago. */
  private loggedTime(loggedAt: string | undefined, now: Date): Date {
    if (!loggedAt) return now;
    const at = new Date(loggedAt);
    if (at.getTime() > now.getTime() + CLOCK_SKEW_MS) {
      throw new AppError('BAD_REQUEST', "The catch's time is in the future. Please check the date and time on your phone.", {
        field: 'loggedAt',
      });
    }
    const daysAgo = daysBetween(clubToday(at), clubToday(now));
    if (daysAgo > LATE_CATCH_DAYS) {
      throw new AppError(
        'BAD_REQUEST',
        `This catch was logged more than ${LATE_CATCH_DAYS} days ago, too late to send. Please ask the committee to add it.`,
        { field: 'loggedAt' },
      );
    }
    return at > now ? now : at;
  }

  /** Catches the user logged or that were logged for them, newest first. */
  /** The caller's catches (as angler or as the one who logged them), newest first: `limit` of them from `offset`. */
  async mine(em: EntityManager, actor: Actor, limit = 50, offset = 0): Promise<CatchView[]> {
    const user = requireUser(actor);
    const own = await em.findOne(Member, { user });
    const where = own ? { $or: [{ angler: own }, { submittedBy: user }] } : { submittedBy: user };
    const catches = await em.find(Catch, where, { populate: ['event', 'angler'], orderBy: { caughtAt: 'desc', id: 'asc' }, limit, offset });
    return catches.map(catchView);
  }

  /**
   * Records (or corrects) the hours a member fished at an event, on the event's day and never ahead of it: for
   * the caller's own household and only for a member entered in that event; the committee may record anyone's.
   */
  async logSession(em: EntityManager, actor: Actor, input: { eventId: string; memberId: string; hoursSpent: number; sessionDate: string }) {
    const today = clubToday(this.deps.clock.now());
    const own = await requireCurrentMember(em, actor, today, 'record fishing hours');
    const isAdmin = actor.user!.role === 'admin';
    const [event, member] = await Promise.all([em.findOne(Event, { id: input.eventId }), em.findOne(Member, { id: input.memberId })]);
    if (!event) throw new AppError('BAD_REQUEST', 'Please choose the event.', { field: 'eventId' });
    if (!member) throw new AppError('BAD_REQUEST', 'Please choose the member.', { field: 'memberId' });
    if (input.sessionDate > today)
      throw new AppError('BAD_REQUEST', 'Fishing hours cannot be recorded for a day that has not come yet.', { field: 'sessionDate' });
    if (input.sessionDate !== clubToday(event.eventDate))
      throw new AppError('BAD_REQUEST', "Fishing hours are recorded for the event's own day.", { field: 'sessionDate' });
    if (!isAdmin) {
      if (member.household.id !== own!.household.id)
        throw new AppError('FORBIDDEN', 'You can record fishing hours for yourself and your household only.');
      if (!(await em.count(EventRegistration, { event, member }))) {
        throw new AppError('BAD_REQUEST', `${member.firstName} is not entered in ${event.name}, so no hours can be recorded for it.`, {
          field: 'memberId',
        });
      }
    }
    await em.upsert(
      FishingSession,
      { event, member, sessionDate: input.sessionDate, hoursSpent: input.hoursSpent },
      { onConflictFields: ['event', 'member', 'sessionDate'], onConflictMergeFields: ['hoursSpent'] },
    );
    return { message: `${input.hoursSpent} hours logged for today.` };
  }

  private result(c: Catch) {
    return { catch: catchView(c), achievement: achievementFor({ fishType: c.species, sizeCm: c.sizeCm, fate: c.fate }) };
  }
}
