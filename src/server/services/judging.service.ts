import type { EntityManager } from '@mikro-orm/postgresql';
import { CHAMPION_POINTS, roundSizeCm, SPECIES } from '../../shared/catches';
import type { EventResults, JudgeCatchView, JudgeInput } from '../../shared/catches.schema';
import { clubLocalToInstant } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import type { Clock } from '../clock';
import { Catch, Event } from '../db/entities';
import { recordAudit } from './audit.service';
import type { Actor } from './actor';
import { catchView } from './catch-view';
import { objectUrl, thumbnailKey } from './object-keys';

export interface JudgingDeps {
  clock: Clock;
}

/** Review of logged catches by the committee, and the results that follow from verified ones. */
export class JudgingService {
  constructor(private readonly deps: JudgingDeps) {}

  /** Unverified catches, oldest first, with everything the judge needs. */
  async queue(em: EntityManager): Promise<JudgeCatchView[]> {
    const catches = await em.find(Catch, { status: 'pending' }, { populate: ['event', 'angler'], orderBy: { caughtAt: 'asc' } });
    return catches.map((c) => this.judgeView(c));
  }

  async judge(em: EntityManager, actor: Actor, input: JudgeInput): Promise<JudgeCatchView> {
    const found = await em.findOne(Catch, { id: input.id }, { populate: ['event', 'angler'] });
    if (!found) throw new AppError('NOT_FOUND', 'That catch does not exist.');
    const before = { status: found.status, species: found.species, sizeCm: found.sizeCm, rejectReason: found.rejectReason ?? null };
    if (input.action === 'approve') {
      found.status = 'verified';
      if (input.size !== undefined) found.sizeCm = roundSizeCm(input.size);
      if (input.fishType) found.species = input.fishType;
      found.rejectReason = null;
    } else {
      found.status = 'rejected';
      found.rejectReason = input.reason;
    }
    found.verifiedBy = actor.user;
    found.verifiedAt = this.deps.clock.now();
    recordAudit(em, {
      actor: actor.user,
      action: `catch.${input.action}`,
      entityType: 'Catch',
      entityId: found.id,
      before,
      after: { status: found.status, species: found.species, sizeCm: found.sizeCm, rejectReason: found.rejectReason ?? null },
    });
    await em.flush();
    return this.judgeView(found);
  }

  /**
   * For each species category, the three longest verified catches (a tie goes to the earlier catch),
   * with champion points 3, 2 and 1. One angler can place more than once, as the club's rules allow.
   */
  async results(em: EntityManager, eventId: string): Promise<EventResults> {
    const event = await em.findOne(Event, { id: eventId });
    if (!event) throw new AppError('NOT_FOUND', 'That event does not exist.');
    const placed = await this.placings(em, [event]);
    return {
      eventId: event.id,
      eventName: event.name,
      categories: SPECIES.map((species) => ({
        species,
        placings: placed
          .filter((p) => p.catch.species === species)
          .map((p) => ({
            place: p.place,
            points: p.points,
            anglerName: `${p.catch.angler.firstName} ${p.catch.angler.lastName}`,
            size: p.catch.sizeCm,
            catchId: p.catch.id,
            thumbnailUrl: objectUrl(thumbnailKey(p.catch.photoKey)),
          })),
      })).filter((c) => c.placings.length > 0),
    };
  }

  /** Champion points of a calendar year (club time), highest first. */
  async ladder(em: EntityManager, year: number): Promise<{ memberId: string; anglerName: string; points: number }[]> {
    const events = await em.find(Event, {
      eventDate: { $gte: clubLocalToInstant(`${year}-01-01T00:00`), $lt: clubLocalToInstant(`${year + 1}-01-01T00:00`) },
    });
    const totals = new Map<string, { memberId: string; anglerName: string; points: number }>();
    for (const { catch: c, points } of await this.placings(em, events)) {
      const entry = totals.get(c.angler.id) ?? {
        memberId: c.angler.id,
        anglerName: `${c.angler.firstName} ${c.angler.lastName}`,
        points: 0,
      };
      entry.points += points;
      totals.set(c.angler.id, entry);
    }
    return [...totals.values()].sort((a, b) => b.points - a.points || a.anglerName.localeCompare(b.anglerName));
  }

  /** The placed catches of some events: per event and species, the top three by size, earlier first on a tie. */
  private async placings(em: EntityManager, events: Event[]): Promise<{ catch: Catch; place: number; points: number }[]> {
    if (!events.length) return [];
    const catches = await em.find(
      Catch,
      { event: { $in: events }, status: 'verified' },
      { populate: ['angler'], orderBy: { sizeCm: 'desc', caughtAt: 'asc' } },
    );
    const counts = new Map<string, number>();
    const placed: { catch: Catch; place: number; points: number }[] = [];
    for (const c of catches) {
      const key = `${c.event.id}:${c.species}`;
      const place = (counts.get(key) ?? 0) + 1;
      if (place > CHAMPION_POINTS.length) continue;
      counts.set(key, place);
      placed.push({ catch: c, place, points: CHAMPION_POINTS[place - 1] });
    }
    return placed;
  }

  private judgeView(c: Catch): JudgeCatchView {
    return {
      ...catchView(c),
      anglerId: c.angler.id,
      gpsText: c.gpsText ?? null,
      latitude: num(c.latitude),
      longitude: num(c.longitude),
      photoTakenAt: c.photoTakenAt?.toISOString() ?? null,
      photoLatitude: num(c.photoLatitude),
      photoLongitude: num(c.photoLongitude),
      photoCamera: c.photoCamera ?? null,
      flags: c.flags,
      clubCode: c.event.clubCode ?? null,
      eventDate: c.event.eventDate.toISOString(),
      receivedAt: c.createdAt.toISOString(),
    };
  }
}

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
