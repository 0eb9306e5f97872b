import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { CHAMPION_POINTS, roundSizeCm, SPECIES, type Species } from '../../shared/catches';
import type {
  CatchComparison,
  ChampionPointsView,
  EventResults,
  JudgeCatchView,
  JudgeInput,
  LadderStatus,
  LiveBoard,
  ResultCategory,
} from '../../shared/catches.schema';
import type {
  JudgedCatchView,
  JudgedPage,
  JudgedSearch,
  JudgeQueueInput,
  ReopenInput,
  WaitingEvent,
  WaitingEventsInput,
} from '../../shared/judging.schema';
import { clubLocalToInstant, clubToday } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import { fishingWindow } from '../../shared/events';
import { placePrize, RESULT_DIVISIONS, resultsStatus, type ResultDivision } from '../../shared/results';
import type { Clock } from '../clock';
import { Catch, Event, EventRegistration, Member, User } from '../db/entities';
import { recordAudit } from '../platform/audit.service';
import type { CatchVerdict } from '../emails/catches.emails';
import type { Mailer } from '../integrations/mailer';
import type { Actor } from '../platform/actor';
import { verdictNotice, verdictOf, type LoggedFish } from './catch-verdicts';
import { photoLikeness } from './duplicate-photos';
import type { MysteryFishService } from '../competition/mystery-fish.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { placingRules, type PlacingRules } from '../competition/placing-rules.service';
import { catchView } from './catch-view';
import { eventDaySql, juniorOnSql } from '../membership/junior-age';
import { objectUrl, thumbnailKey } from '../platform/object-keys';

export interface JudgingDeps {
  clock: Clock;
  mailer: Mailer;
  publicUrl: string;
  log: { error(obj: object, msg: string): void };
  notifications: Pick<NotificationsService, 'pushOrEmail'>;
  /** The event's mystery fish, as the live board and the presentation show it. */
  mysteryFish: Pick<MysteryFishService, 'view'>;
}

/** Anglers per division the presentation shows of the season's champion points. */
const CHAMPION_POINTS_SHOWN = 5;

/** Review of logged catches by the committee, and the results that follow from verified ones. */
export class JudgingService {
  constructor(private readonly deps: JudgingDeps) {}

  /** One catch as the judge sees it, whatever its verdict: the earlier catch a later one's photo copies, say. */
  async one(em: EntityManager, id: string): Promise<JudgeCatchView> {
    const found = await em.findOne(Catch, { id }, { populate: ['event', 'angler', 'submittedBy'] });
    if (!found) throw new AppError('NOT_FOUND', 'That catch does not exist.');
    return this.judgeView(found, await entrantsOf(em, [found]));
  }

  /** Unverified catches, oldest first, with everything the judge needs: of one event, or of every event. */
  async queue(em: EntityManager, input: JudgeQueueInput = {}): Promise<JudgeCatchView[]> {
    const eventId = input?.eventId;
    if (eventId && !(await em.count(Event, { id: eventId }))) throw new AppError('NOT_FOUND', 'That event does not exist.');
    const catches = await em.find(
      Catch,
      { status: 'pending', ...(eventId ? { event: eventId } : {}) },
      { populate: ['event', 'angler', 'submittedBy'], orderBy: { caughtAt: 'asc', id: 'asc' } },
    );
    const entered = await entrantsOf(em, catches);
    return catches.map((c) => this.judgeView(c, entered));
  }

  /**
   * The events whose catches wait for the judges, each with how many: today's (club time) first, earliest start
   * first, then the others, the latest first. `include` (the event a judge chose) is listed even with none waiting.
   */
  async waitingEvents(em: EntityManager, input: WaitingEventsInput = {}): Promise<WaitingEvent[]> {
    const rows = await em.execute<{ id: string; name: string; event_date: Date | string; waiting: number }[]>(
      `select e.id, e.name, e.event_date, count(c.id)::int as waiting
       from events e left join catches c on c.event_id = e.id and c.status = 'pending'
       where e.id in (select event_id from catches where status = 'pending') or e.id = ?
       group by e.id, e.name, e.event_date`,
      [input?.include ?? null],
    );
    const today = clubToday(this.deps.clock.now());
    const events = rows.map((r) => {
      const eventDate = new Date(r.event_date);
      return {
        id: r.id,
        name: r.name,
        eventDate: eventDate.toISOString(),
        waiting: Number(r.waiting),
        today: clubToday(eventDate) === today,
      };
    });
    return events.sort(
      (a, b) =>
        Number(b.today) - Number(a.today) ||
        (a.today ? a.eventDate.localeCompare(b.eventDate) : b.eventDate.localeCompare(a.eventDate)) ||
        a.name.localeCompare(b.name),
    );
  }

  /** A catch whose photo copies an earlier catch's, beside that catch, with how alike the two photos are. */
  async compare(em: EntityManager, id: string): Promise<CatchComparison> {
    const suspect = await em.findOne(Catch, { id }, { populate: ['event', 'angler', 'submittedBy'] });
    if (!suspect) throw new AppError('NOT_FOUND', 'That catch does not exist.');
    if (!suspect.duplicateOf)
      throw new AppError('BAD_REQUEST', "This catch's photo is not a copy of an earlier catch's: there is nothing to compare it with.", {
        field: 'id',
      });
    const earlier = await em.findOneOrFail(Catch, { id: suspect.duplicateOf.id }, { populate: ['event', 'angler', 'submittedBy'] });
    const entered = await entrantsOf(em, [suspect, earlier]);
    return {
      suspect: this.judgeView(suspect, entered),
      earlier: this.judgeView(earlier, entered),
      likeness: await photoLikeness(em, suspect, earlier),
    };
  }

  /**
   * Approves (with the judge's corrections) or rejects a catch, audited, and tells the angler once it has committed.
   * The same verdict again (a double tap, a retry after a lost answer) changes nothing and tells nobody twice.
   */
  async judge(em: EntityManager, actor: Actor, input: JudgeInput): Promise<JudgeCatchView> {
    const logged = await em.transactional(async (tem): Promise<LoggedFish | null> => {
      // Locked: a retry racing its first try, or two judges at once, decide it once and tell the angler once.
      const found = await tem.findOne(Catch, { id: input.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!found) throw new AppError('NOT_FOUND', 'That catch does not exist.');
      const decision = (c: Catch) => ({
        status: c.status,
        species: c.species,
        sizeCm: Number(c.sizeCm),
        rejectReason: c.rejectReason ?? null,
      });
      const before = decision(found);
      if (input.action === 'approve') {
        found.status = 'verified';
        if (input.size !== undefined) found.sizeCm = roundSizeCm(input.size);
        if (input.fishType) found.species = input.fishType;
        found.rejectReason = null;
      } else {
        found.status = 'rejected';
        found.rejectReason = input.reason;
      }
      const after = decision(found);
      if (JSON.stringify(after) === JSON.stringify(before)) return null;
      found.verifiedBy = actor.user ? tem.getReference(User, actor.user.id) : null;
      found.verifiedAt = this.deps.clock.now();
      recordAudit(tem, { actor: actor.user, action: `catch.${input.action}`, entityType: 'Catch', entityId: found.id, before, after });
      await tem.flush();
      return { species: before.species, sizeCm: before.sizeCm };
    });
    const judged = await em.findOneOrFail(Catch, { id: input.id }, { populate: ['event', 'angler', 'submittedBy'], refresh: true });
    if (logged) {
      await this.tellAngler(em, judged, logged, verdictOf(judged, logged));
    }
    return this.judgeView(judged, await entrantsOf(em, [judged]));
  }

  /**
   * Decided catches, newest decision first, filtered by event, verdict and automatic flag: who decided and when,
   * what a correction changed, and whether the angler is disqualified from the event or suspended.
   */
  async judged(em: EntityManager, input: JudgedSearch): Promise<JudgedPage> {
    // A pending catch has no decision time (reopening clears it), so the index on it lists exactly the decided ones.
    const where = [`c.verified_at is not null`, `c.status in ('verified', 'rejected')`];
    const params: unknown[] = [];
    const filter = (sql: string, value: unknown) => {
      where.push(sql);
      params.push(value);
    };
    if (input.eventId) filter('c.event_id = ?', input.eventId);
    if (input.status) filter('c.status = ?', input.status);
    if (input.flag) filter('c.flags @> ?::jsonb', JSON.stringify([input.flag]));
    const connection = em.getConnection();
    const [page, [{ total }]] = await Promise.all([
      connection.execute<{ id: string }[]>(
        `select c.id from catches c where ${where.join(' and ')} order by c.verified_at desc, c.id limit ? offset ?`,
        [...params, input.pageSize, (input.page - 1) * input.pageSize],
      ),
      connection.execute<{ total: string }[]>(`select count(*) as total from catches c where ${where.join(' and ')}`, params),
    ]);
    const ids = page.map((r) => r.id);
    const found = await em.find(Catch, { id: { $in: ids } }, { populate: ['event', 'angler', 'submittedBy', 'verifiedBy'] });
    const byId = new Map(found.map((c) => [c.id, c]));
    const catches = ids.map((id) => byId.get(id)!).filter(Boolean);
    const [entered, disqualified, logged] = await Promise.all([
      entrantsOf(em, catches),
      catches.length
        ? em.find(EventRegistration, {
            event: { $in: catches.map((c) => c.event.id) },
            member: { $in: catches.map((c) => c.angler.id) },
            disqualifiedAt: { $ne: null },
          })
        : [],
      loggedValues(em, ids),
    ]);
    const disqualifiedBy = new Map(disqualified.map((e) => [`${e.event.id}:${e.member.id}`, e]));
    const today = clubToday(this.deps.clock.now());
    const rows = catches.map((c): JudgedCatchView => {
      const original = logged.get(c.id);
      const correctedFrom =
        c.status === 'verified' && original && (original.species !== c.species || original.sizeCm !== Number(c.sizeCm))
          ? { fishType: original.species, size: original.sizeCm }
          : null;
      const entry = disqualifiedBy.get(`${c.event.id}:${c.angler.id}`);
      return {
        ...this.judgeView(c, entered),
        verifiedByName: c.verifiedBy ? `${c.verifiedBy.firstName} ${c.verifiedBy.lastName}` : null,
        verifiedAt: c.verifiedAt?.toISOString() ?? null,
        correctedFrom,
        disqualified: entry ? { at: entry.disqualifiedAt!.toISOString(), reason: entry.disqualifyReason ?? '' } : null,
        anglerSuspendedUntil: c.angler.suspendedUntil && c.angler.suspendedUntil >= today ? c.angler.suspendedUntil : null,
      };
    });
    return { rows, total: Number(total), page: input.page, pageSize: input.pageSize };
  }

  /**
   * Puts a decided catch back in the queue, as the angler logged it (a judge's correction is undone), with the
   * reason in the audit log; the results follow at once, as they are worked out from verified catches. The angler
   * is told it is being looked at again (not the committee's reason), once it has committed. A catch already waiting
   * is refused, so a retry of a reopen that went through changes nothing and tells nobody twice.
   */
  async reopen(em: EntityManager, actor: Actor, input: ReopenInput): Promise<JudgeCatchView> {
    const was = await em.transactional(async (tem) => {
      // Locked: two judges reopening at once (or a retry racing its first try) reopen it once.
      const found = await tem.findOne(Catch, { id: input.id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!found) throw new AppError('NOT_FOUND', 'That catch does not exist.');
      if (found.status === 'pending')
        throw new AppError('CONFLICT', 'This catch is already waiting for the judges: there is no decision to reopen.');
      await tem.populate(found, ['verifiedBy']);
      const decision = (c: Catch) => ({
        status: c.status,
        verifiedBy: c.verifiedBy?.email ?? null,
        verifiedAt: c.verifiedAt?.toISOString() ?? null,
        rejectReason: c.rejectReason ?? null,
        species: c.species,
        sizeCm: Number(c.sizeCm),
      });
      const before = decision(found);
      const original = (await loggedValues(tem, [found.id])).get(found.id);
      if (original) {
        found.species = original.species;
        found.sizeCm = Number(original.sizeCm);
      }
      found.status = 'pending';
      found.verifiedBy = null;
      found.verifiedAt = null;
      found.rejectReason = null;
      recordAudit(tem, {
        actor: actor.user,
        action: 'catch.reopen',
        entityType: 'Catch',
        entityId: found.id,
        before,
        after: { ...decision(found), reason: input.reason },
      });
      await tem.flush();
      return before.status === 'rejected' ? 'rejected' : 'verified';
    });
    const reopened = await em.findOneOrFail(Catch, { id: input.id }, { populate: ['event', 'angler', 'submittedBy'], refresh: true });
    const logged = { species: reopened.species, sizeCm: Number(reopened.sizeCm) };
    await this.tellAngler(em, reopened, logged, { kind: 'reopened', was });
    return this.judgeView(reopened, await entrantsOf(em, [reopened]));
  }

  /**
   * Tells the angler of a verdict by push, or else by e-mail (`verdictNotice` says who hears and what). Called once
   * per change, after its transaction has committed; a failure to tell is logged and never undoes the verdict.
   */
  private async tellAngler(em: EntityManager, judged: Catch, logged: LoggedFish, verdict: CatchVerdict): Promise<void> {
    try {
      const notice = await verdictNotice(em, judged, logged, verdict, this.deps.publicUrl);
      if (!notice) {
        this.deps.log.error({ catchId: judged.id, verdict: verdict.kind }, 'Nobody to tell of a verdict: the angler has no address');
        return;
      }
      await this.deps.notifications.pushOrEmail(em, notice.to, 'catch_judged', notice.push, notice.email);
    } catch (error) {
      this.deps.log.error({ err: (error as Error).message, catchId: judged.id }, 'The angler could not be told of a verdict');
    }
  }

  /**
   * For each division and species, the three longest verified catches (a tie goes to the earlier catch), with
   * champion points 3, 2 and 1 and the club's prizes; with one placing per angler (the club's default, see
   * placing-rules.service.ts), only each angler's best catch of a category competes for its places.
   */
  async results(em: EntityManager, eventId: string): Promise<EventResults> {
    return this.resultsOf(em, await this.eventOf(em, eventId));
  }

  /**
   * The event's live board: its results as they stand, 'final' only once fishing has closed and no catch waits for
   * the judges, with what the presentation shows beside them (the season's champion points and the mystery fish).
   * Worked out once per change and sent to every follower (LiveBoards).
   */
  async liveBoard(em: EntityManager, eventId: string): Promise<LiveBoard> {
    const event = await this.eventOf(em, eventId);
    const rules = await placingRules(em);
    const year = Number(clubToday(event.eventDate).slice(0, 4));
    const [results, championPoints, mysteryFish] = await Promise.all([
      this.resultsOf(em, event, rules),
      this.championPoints(em.fork(), year, rules),
      this.deps.mysteryFish.view(em.fork(), event.id),
    ]);
    const { opens, closes } = fishingWindow(event);
    return {
      ...results,
      location: event.location,
      eventDate: event.eventDate.toISOString(),
      fishingOpens: opens.toISOString(),
      fishingCloses: closes.toISOString(),
      fishingClosed: this.deps.clock.now() >= closes,
      pending: results.pending ?? 0,
      status: results.status ?? 'provisional',
      championPoints,
      mysteryFish,
    };
  }

  /** The season's champion points the presentation shows: the top of each division, and the catches they wait for. */
  private async championPoints(em: EntityManager, year: number, rules: PlacingRules): Promise<ChampionPointsView> {
    const [standings, status] = await Promise.all([this.standings(em, year, rules), this.ladderStatus(em.fork(), year)]);
    const shown = RESULT_DIVISIONS.flatMap((d) => standings.filter((r) => r.division === d).slice(0, CHAMPION_POINTS_SHOWN));
    return { ...status, standings: shown };
  }

  private async eventOf(em: EntityManager, eventId: string): Promise<Event> {
    const event = await em.findOne(Event, { id: eventId });
    if (!event) throw new AppError('NOT_FOUND', 'That event does not exist.');
    return event;
  }

  private async resultsOf(em: EntityManager, event: Event, rules?: PlacingRules): Promise<EventResults> {
    const [placed, pending] = await Promise.all([
      this.placings(em, event, rules ?? (await placingRules(em))),
      em.count(Catch, { event, status: 'pending' }),
    ]);
    // The photos show the brag mat with the day's code: not to the public while fishing is still open.
    const { closes } = fishingWindow(event);
    const photosShown = this.deps.clock.now() >= closes;
    const categories: ResultCategory[] = [];
    for (const division of RESULT_DIVISIONS)
      for (const species of SPECIES) {
        const placings = placed
          .filter((p) => p.division === division && p.catch.species === species)
          .map((p) => ({
            place: p.place,
            points: p.points,
            prize: placePrize(p.place),
            anglerName: `${p.catch.angler.firstName} ${p.catch.angler.lastName}`,
            size: p.catch.sizeCm,
            catchId: p.catch.id,
            thumbnailUrl: photosShown ? objectUrl(thumbnailKey(p.catch.photoKey)) : null,
            photoUrl: photosShown ? objectUrl(p.catch.photoKey) : null,
          }));
        if (placings.length) categories.push({ species, division, placings });
      }
    return {
      eventId: event.id,
      eventName: event.name,
      photosFrom: photosShown ? null : closes.toISOString(),
      divisions: event.divisions !== false,
      categories,
      pending,
      status: resultsStatus(photosShown, pending),
    };
  }

  /**
   * Champion points of a calendar year (club time) per division, highest first within each: an angler has a row
   * for each division they placed in.
   */
  async ladder(
    em: EntityManager,
    year: number,
  ): Promise<{ memberId: string; anglerName: string; division: ResultDivision; points: number }[]> {
    return this.standings(em, year, await placingRules(em));
  }

  private async standings(
    em: EntityManager,
    year: number,
    rules: PlacingRules,
  ): Promise<{ memberId: string; anglerName: string; division: ResultDivision; points: number }[]> {
    const rows = await this.pointsOf(em, year, rules);
    const anglers = await em.find(
      Member,
      { id: { $in: [...new Set(rows.map((r) => r.memberId))] } },
      { fields: ['firstName', 'lastName'] },
    );
    const names = new Map(anglers.map((a) => [a.id, `${a.firstName} ${a.lastName}`]));
    return rows
      .map((r) => ({ ...r, anglerName: names.get(r.memberId)! }))
      .sort(
        (a, b) =>
          RESULT_DIVISIONS.indexOf(a.division) - RESULT_DIVISIONS.indexOf(b.division) ||
          b.points - a.points ||
          a.anglerName.localeCompare(b.anglerName),
      );
  }

  /** Catches of a calendar year's events (club time) still waiting for the judges: the ladder is provisional until none are left. */
  async ladderStatus(em: EntityManager, year: number): Promise<LadderStatus> {
    const pending = await em.count(Catch, {
      status: 'pending',
      event: { eventDate: { $gte: clubLocalToInstant(`${year}-01-01T00:00`), $lt: clubLocalToInstant(`${year + 1}-01-01T00:00`) } },
    });
    return { year, pending };
  }

  /** One member's champion points of a calendar year, all divisions (their line of the ladder, without reading everyone's). */
  async memberPoints(em: EntityManager, year: number, memberId: string): Promise<number> {
    return (await this.pointsOf(em, year, await placingRules(em), memberId)).reduce((sum, r) => sum + r.points, 0);
  }

  /** Champion points per angler and division over the competitions of a calendar year (club time), optionally of one angler. */
  private async pointsOf(
    em: EntityManager,
    year: number,
    rules: PlacingRules,
    memberId?: string,
  ): Promise<{ memberId: string; division: ResultDivision; points: number }[]> {
    const rows: { angler_id: string; division: ResultDivision; place: number; placed: string }[] = await em.getConnection().execute(
      `select angler_id, division, place, count(*) as placed
       from (${placedSql('e.event_date >= ? and e.event_date < ?', rules)}) placed
       ${memberId ? 'where angler_id = ?' : ''} group by angler_id, division, place`,
      [SPECIES, clubLocalToInstant(`${year}-01-01T00:00`), clubLocalToInstant(`${year + 1}-01-01T00:00`), ...(memberId ? [memberId] : [])],
    );
    const totals = new Map<string, { memberId: string; division: ResultDivision; points: number }>();
    for (const row of rows) {
      const key = `${row.angler_id}:${row.division}`;
      const total = totals.get(key) ?? { memberId: row.angler_id, division: row.division, points: 0 };
      total.points += pointsFor(Number(row.place)) * Number(row.placed);
      totals.set(key, total);
    }
    return [...totals.values()];
  }

  /** The placed catches of one event, best first, with their anglers and divisions. */
  private async placings(
    em: EntityManager,
    event: Event,
    rules: PlacingRules,
  ): Promise<{ catch: Catch; division: ResultDivision; place: number; points: number }[]> {
    const ranked: { id: string; division: ResultDivision; place: string }[] = await em
      .getConnection()
      .execute(placedSql('e.id = ?', rules), [SPECIES, event.id]);
    const places = new Map(ranked.map((r) => [r.id, { place: Number(r.place), division: r.division }]));
    const catches = await em.find(Catch, { id: { $in: [...places.keys()] } }, { populate: ['angler'] });
    return catches
      .map((c) => ({ catch: c, ...places.get(c.id)!, points: pointsFor(places.get(c.id)!.place) }))
      .sort((a, b) => a.place - b.place);
  }

  /** A catch with everything the judge needs; `entered`: the `event:member` pairs entered (see entrantsOf). */
  private judgeView(c: Catch, entered: ReadonlySet<string>): JudgeCatchView {
    const submitter = c.submittedBy && c.submittedBy.id !== c.angler.user?.id ? c.submittedBy : null;
    return {
      ...catchView(c),
      anglerId: c.angler.id,
      anglerEntered: entered.has(`${c.event.id}:${c.angler.id}`),
      submittedByName: submitter ? `${submitter.firstName} ${submitter.lastName}` : null,
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
      duplicateOf: c.duplicateOf
        ? {
            id: c.duplicateOf.id,
            anglerName: `${c.duplicateOf.angler.firstName} ${c.duplicateOf.angler.lastName}`,
            eventName: c.duplicateOf.event.name,
            caughtAt: c.duplicateOf.caughtAt.toISOString(),
          }
        : null,
    };
  }
}

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/**
 * An angler's division at an event, in SQL (`e` the event, `m` the angler): Juniors while under 16 on the event's
 * day on the club's calendar, as `resultDivisionOn` says; Open at an event without divisions, or without a birth date.
 */
const divisionSql = `case when e.divisions and ${juniorOnSql('m.date_of_birth', eventDaySql('e'))} then 'junior' else 'open' end`;

/**
 * The placed catches of the events `eventsWhere` selects (SQL; its parameters follow the species): per event,
 * division and species, the three longest verified catches of anglers not disqualified from the event (the one rule
 * that makes a disqualification count, and reinstating undo it), the earlier first on a tie. With one placing per
 * angler, only each angler's best catch of the category (the earlier on a tie) competes, so the next angler moves
 * up. This is the one place results, live boards, the presentation, the ladder and champion points are worked out.
 * PostgreSQL reads only the event's verified catches of each species (from the catches' event, species and status
 * index), never a season's.
 */
const placedSql = (eventsWhere: string, rules: PlacingRules) => `select placed.id, placed.angler_id, d.division, placed.place
  from events e cross join unnest(array[?]) s(species) cross join unnest(array['${RESULT_DIVISIONS.join("', '")}']) d(division), lateral (
    select c.id, c.angler_id, row_number() over (order by c.size_cm desc, c.caught_at asc) as place
    from (
      select c.id, c.angler_id, c.size_cm, c.caught_at,
        row_number() over (partition by c.angler_id order by c.size_cm desc, c.caught_at asc) as angler_best
      from catches c join members m on m.id = c.angler_id
      where c.event_id = e.id and c.species = s.species and c.status = 'verified' and ${divisionSql} = d.division
        and not exists (select 1 from event_registrations r
          where r.event_id = c.event_id and r.member_id = c.angler_id and r.disqualified_at is not null)
    ) c
    ${rules.onePlacingPerAngler ? 'where c.angler_best = 1' : ''}
    order by c.size_cm desc, c.caught_at asc limit ${CHAMPION_POINTS.length}
  ) placed
  where ${eventsWhere}`;

/**
 * The `event:member` pairs among these catches whose angler is entered in the event. It also loads the rest the
 * judge's view needs: the angler and event of any earlier catch whose photo one of these copies.
 */
async function entrantsOf(em: EntityManager, catches: Catch[]): Promise<Set<string>> {
  if (!catches.length) return new Set();
  await em.populate(catches, ['duplicateOf.angler', 'duplicateOf.event']);
  const entries = await em.find(
    EventRegistration,
    { event: { $in: catches.map((c) => c.event.id) }, member: { $in: catches.map((c) => c.angler.id) } },
    { fields: ['event', 'member'] },
  );
  return new Set(entries.map((e) => `${e.event.id}:${e.member.id}`));
}

const pointsFor = (place: number): number => CHAMPION_POINTS[place - 1];

/**
 * What the anglers of these catches logged (species and size), for catches a judge has decided since: the values
 * before the first verdict, from the audit log that records every verdict with its before and after.
 */
async function loggedValues(em: EntityManager, ids: string[]): Promise<Map<string, { species: Species; sizeCm: number }>> {
  if (!ids.length) return new Map();
  const rows: { entity_id: string; before: { species?: Species; sizeCm?: number } | null }[] = await em.getConnection().execute(
    `select distinct on (entity_id) entity_id, before from audit_log
     where entity_type = 'Catch' and entity_id in (?) and action in ('catch.approve', 'catch.reject')
     order by entity_id, id`,
    [ids],
  );
  const logged = new Map<string, { species: Species; sizeCm: number }>();
  for (const row of rows)
    if (row.before?.species && row.before.sizeCm !== undefined)
      logged.set(row.entity_id, { species: row.before.species, sizeCm: Number(row.before.sizeCm) });
  return logged;
}
