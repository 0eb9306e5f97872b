import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import { roundSizeCm } from '../../shared/catches';
import { listedSpecies } from '../club/listed-species';
import type { CatchComparison, EventResults, JudgeCatchView, JudgeInput, LadderStatus, LiveBoard } from '../../shared/catches.schema';
import type {
  JudgedCatchView,
  JudgedPage,
  JudgedSearch,
  JudgeQueueInput,
  ReopenInput,
  WaitingEvent,
  WaitingEventsInput,
} from '../../shared/judging.schema';
import { clubToday } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import { Catch, Event, EventRegistration, User } from '../db/entities';
import { recordAudit } from '../platform/audit.service';
import type { CatchVerdict } from '../emails/catches.emails';
import type { ClubSettingsService } from '../club/club-settings.service';
import type { Mailer } from '../integrations/mailer';
import type { Actor } from '../platform/actor';
import { verdictNotice, verdictOf, type LoggedFish } from './catch-verdicts';
import { photoLikeness } from './duplicate-photos';
import type { NotificationsService } from '../notifications/notifications.service';
import { entrantsOf, judgeView } from './judge-view';
import { ResultsService, type ResultsDeps } from './results.service';

export interface JudgingDeps extends ResultsDeps {
  mailer: Mailer;
  publicUrl: string;
  log: { error(obj: object, msg: string): void };
  notifications: Pick<NotificationsService, 'pushOrEmail'>;
  club: Pick<ClubSettingsService, 'profile' | 'membership' | 'competition' | 'species'>;
}

/**
 * Review of logged catches by the committee, and the door to the results that follow from verified ones
 * (results.service.ts, from the placings of placings.ts).
 */
export class JudgingService {
  private readonly resultsService: ResultsService;

  constructor(private readonly deps: JudgingDeps) {
    this.resultsService = new ResultsService(deps);
  }

  /** One catch as the judge sees it, whatever its verdict: the earlier catch a later one's photo copies, say. */
  async one(em: EntityManager, id: string): Promise<JudgeCatchView> {
    const found = await em.findOne(Catch, { id }, { populate: ['event', 'angler', 'submittedBy'] });
    if (!found) throw new AppError('NOT_FOUND', 'That catch does not exist.');
    return judgeView(found, await entrantsOf(em, [found]));
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
    return catches.map((c) => judgeView(c, entered));
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
      suspect: judgeView(suspect, entered),
      earlier: judgeView(earlier, entered),
      likeness: await photoLikeness(em, suspect, earlier),
    };
  }

  /**
   * Approves (with the judge's corrections) or rejects a catch, audited, and tells the angler once it has committed.
   * The same verdict again (a double tap, a retry after a lost answer) changes nothing and tells nobody twice.
   */
  async judge(em: EntityManager, actor: Actor, input: JudgeInput): Promise<JudgeCatchView> {
    // A correction names one of the club's species now; a catch of a species no longer listed is judged as it is.
    const corrected =
      input.action === 'approve' && input.fishType ? (await listedSpecies(this.deps.club, em, input.fishType, 'fishType')).name : null;
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
        if (corrected) found.species = corrected;
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
    return judgeView(judged, await entrantsOf(em, [judged]));
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
        ...judgeView(c, entered),
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
    return judgeView(reopened, await entrantsOf(em, [reopened]));
  }

  /** An event's results: see ResultsService.results. */
  results(em: EntityManager, eventId: string): Promise<EventResults> {
    return this.resultsService.results(em, eventId);
  }

  /** An event's live board: see ResultsService.liveBoard. */
  liveBoard(em: EntityManager, eventId: string): Promise<LiveBoard> {
    return this.resultsService.liveBoard(em, eventId);
  }

  /** The champion points of a calendar year: see ResultsService.ladder. */
  ladder(...args: Parameters<ResultsService['ladder']>): ReturnType<ResultsService['ladder']> {
    return this.resultsService.ladder(...args);
  }

  /** The year's catches still waiting for the judges: see ResultsService.ladderStatus. */
  ladderStatus(em: EntityManager, year: number): Promise<LadderStatus> {
    return this.resultsService.ladderStatus(em, year);
  }

  /** One member's champion points of a year: see ResultsService.memberPoints. */
  memberPoints(em: EntityManager, year: number, memberId: string): Promise<number> {
    return this.resultsService.memberPoints(em, year, memberId);
  }

  /**
   * Tells the angler of a verdict by push, or else by e-mail (`verdictNotice` says who hears and what). Called once
   * per change, after its transaction has committed; a failure to tell is logged and never undoes the verdict.
   */
  private async tellAngler(em: EntityManager, judged: Catch, logged: LoggedFish, verdict: CatchVerdict): Promise<void> {
    try {
      const site = { publicUrl: this.deps.publicUrl, club: await this.deps.club.profile(em) };
      const notice = await verdictNotice(em, judged, logged, verdict, site);
      if (!notice) {
        this.deps.log.error({ catchId: judged.id, verdict: verdict.kind }, 'Nobody to tell of a verdict: the angler has no address');
        return;
      }
      await this.deps.notifications.pushOrEmail(em, notice.to, 'catch_judged', notice.push, notice.email);
    } catch (error) {
      this.deps.log.error({ err: (error as Error).message, catchId: judged.id }, 'The angler could not be told of a verdict');
    }
  }
}

/**
 * What the anglers of these catches logged (species and size), for catches a judge has decided since: the values
 * before the first verdict, from the audit log that records every verdict with its before and after.
 */
async function loggedValues(em: EntityManager, ids: string[]): Promise<Map<string, { species: string; sizeCm: number }>> {
  if (!ids.length) return new Map();
  const rows: { entity_id: string; before: { species?: string; sizeCm?: number } | null }[] = await em.getConnection().execute(
    `select distinct on (entity_id) entity_id, before from audit_log
     where entity_type = 'Catch' and entity_id in (?) and action in ('catch.approve', 'catch.reject')
     order by entity_id, id`,
    [ids],
  );
  const logged = new Map<string, { species: string; sizeCm: number }>();
  for (const row of rows)
    if (row.before?.species && row.before.sizeCm !== undefined)
      logged.set(row.entity_id, { species: row.before.species, sizeCm: Number(row.before.sizeCm) });
  return logged;
}
