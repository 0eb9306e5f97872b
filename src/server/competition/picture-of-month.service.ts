import type { EntityManager } from '@mikro-orm/postgresql';
import { addMonths, monthBounds, monthLabel, monthOf, type YearMonth } from '../../shared/competition';
import type { PictureCandidate, PictureMonthAdminView, PictureMonthView, PictureWinnerView } from '../../shared/competition.schema';
import { clubTimeZone, clubToday, formatAuDate, formatClubTime } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import { fishingCloses } from '../../shared/events';
import type { Clock } from '../clock';
import type { ClubSettingsService } from '../club/club-settings.service';
import { Catch, Member, PictureMonth, PictureVote, User } from '../db/entities';
import { isUniqueViolation } from '../db/unique-violation';
import { recordAudit } from '../platform/audit.service';
import { requireUser, type Actor } from '../platform/actor';
import { isCurrentMember, isSuspended } from '../membership/member-status';
import { objectUrl, thumbnailKey } from '../platform/object-keys';

export interface PictureOfMonthDeps {
  clock: Clock;
  /** The club's competition rules: what the picture of the month wins. */
  club: Pick<ClubSettingsService, 'competition'>;
}

/** How far back the committee's card looks for months still to close, and how many closed ones it shows. */
const OPEN_MONTHS_LOOKBACK = 12;
const CLOSED_MONTHS_SHOWN = 3;

const anglerName = (c: Catch) => `${c.angler.firstName} ${c.angler.lastName}`;
const nameOf = (user: User | null | undefined) => (user ? `${user.firstName} ${user.lastName}` : null);

/**
 * The fish picture of the month. Current members vote once a month for the best approved catch photo of that
 * month (the month it was caught in, club time), never their own (as angler or as the one who logged it); a
 * second vote is refused, not swapped. A photo becomes a candidate once its event's fishing has closed (it shows
 * the brag mat with the day's code). The committee closes a month once it has ended, which names the winner: the
 * most votes, a tie going to the catch that reached that number of votes first.
 */
export class PictureOfMonthService {
  constructor(private readonly deps: PictureOfMonthDeps) {}

  /** A month's vote as the signed-in caller sees it (default: this month). */
  async month(em: EntityManager, actor: Actor, month?: YearMonth): Promise<PictureMonthView> {
    const user = requireUser(actor);
    const now = this.deps.clock.now();
    const chosen = month ?? monthOf(now);
    const own = await em.findOne(Member, { user });
    const [eligible, closed, vote, openMonths] = await Promise.all([
      eligibleCatches(em, chosen),
      em.findOne(PictureMonth, { month: chosen }, { populate: ['winnerCatch.event'] }),
      own ? em.findOne(PictureVote, { month: chosen, voter: own }) : null,
      this.openMonths(em, now),
    ]);
    const shown = eligible.filter((c) => now >= fishingCloses(c.event));
    const candidates = shown.map((c): PictureCandidate => ({
      ...candidateFacts(c),
      mine: (own !== null && c.angler.id === own.id) || c.submittedBy?.id === user.id,
    }));
    return {
      month: chosen,
      monthLabel: monthLabel(chosen),
      closed: closed !== null,
      winner: closed ? winnerOf(closed, now) : null,
      candidates,
      waitingForFishingToClose: eligible.length - shown.length,
      myVoteCatchId: vote?.catch.id ?? null,
      cannotVote: closed
        ? `Voting for the picture of ${monthLabel(chosen)} has closed.`
        : (voterRefusal(own, clubToday(now)) ??
          (vote ? `You have voted for the picture of ${monthLabel(chosen)}: one vote per member per month.` : null)),
      openMonths,
      prize: (await this.deps.club.competition(em)).pictureOfMonthPrize.text,
    };
  }

  /** A current member's one vote of a month, for an approved photo that is not their own. The same vote again changes nothing. */
  async vote(em: EntityManager, actor: Actor, catchId: string): Promise<PictureMonthView> {
    const user = requireUser(actor);
    const now = this.deps.clock.now();
    const own = await em.findOne(Member, { user });
    const refusal = voterRefusal(own, clubToday(now));
    if (refusal) throw new AppError('FORBIDDEN', refusal);
    const voter = own!;
    const found = await em.findOne(Catch, { id: catchId }, { populate: ['event', 'angler'] });
    if (!found) throw new AppError('BAD_REQUEST', 'That catch does not exist.', { field: 'catchId' });
    if (found.status !== 'verified')
      throw new AppError('BAD_REQUEST', 'Only photos of catches the judges have approved can be voted for.', { field: 'catchId' });
    if (found.angler.id === voter.id || found.submittedBy?.id === user.id)
      throw new AppError('BAD_REQUEST', 'That is your own catch: vote for someone else’s photo.', { field: 'catchId' });
    const closes = fishingCloses(found.event);
    if (now < closes)
      throw new AppError(
        'BAD_REQUEST',
        `This photo can be voted for once fishing at ${found.event.name} closes (${formatClubTime(closes)}).`,
        { field: 'catchId' },
      );
    const month = monthOf(found.caughtAt);
    if (!(await eligibleCatches(em, month)).some((c) => c.id === found.id))
      throw new AppError('BAD_REQUEST', `That catch no longer counts: its angler was disqualified from ${found.event.name}.`, {
        field: 'catchId',
      });
    try {
      await em.transactional(async (tem) => {
        // One at a time per month, with closing it: a vote never lands in a month the committee has just closed.
        await lockMonth(tem, month);
        if (await tem.count(PictureMonth, { month }))
          throw new AppError('CONFLICT', `Voting for the picture of ${monthLabel(month)} has closed.`);
        const existing = await tem.findOne(PictureVote, { month, voter: voter.id }, { populate: ['catch.angler'] });
        if (existing) {
          if (existing.catch.id === found.id) return;
          throw alreadyVoted(month, existing.catch);
        }
        tem.create(PictureVote, {
          month,
          voter: tem.getReference(Member, voter.id),
          catch: tem.getReference(Catch, found.id),
          createdAt: now,
        });
        await tem.flush();
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // The same member voting twice at once: the unique key lets one through.
      const existing = await em.fork().findOneOrFail(PictureVote, { month, voter: voter.id }, { populate: ['catch.angler'] });
      if (existing.catch.id !== found.id) throw alreadyVoted(month, existing.catch);
    }
    return this.month(em, actor, month);
  }

  /**
   * A closed month's winner, for the public home and the presentation: the month asked for, or the latest one with
   * a winner. Null when there is none (not closed yet, or nobody voted).
   */
  async winner(em: EntityManager, month?: YearMonth): Promise<PictureWinnerView | null> {
    const closed = await em.findOne(PictureMonth, month ? { month, winner: { $ne: null } } : { winner: { $ne: null } }, {
      populate: ['winnerCatch.event'],
      orderBy: { month: 'desc' },
    });
    const winner = closed && winnerOf(closed, this.deps.clock.now());
    if (!closed || !winner) return null;
    return {
      month: closed.month,
      monthLabel: monthLabel(closed.month),
      winner,
      prize: (await this.deps.club.competition(em)).pictureOfMonthPrize.text,
    };
  }

  /**
   * The committee's card: this month, the months before it still open (with catches or votes, back a year), and
   * the last few closed, newest first, each with its tally.
   */
  async adminOverview(em: EntityManager): Promise<PictureMonthAdminView[]> {
    const now = this.deps.clock.now();
    const current = monthOf(now);
    const [closed, withActivity] = await Promise.all([
      em.find(PictureMonth, {}, { populate: ['closedBy', 'winnerCatch.event'], orderBy: { month: 'desc' }, limit: 100 }),
      monthsWithActivity(em, addMonths(current, -OPEN_MONTHS_LOOKBACK), now),
    ]);
    const closedMonths = new Set(closed.map((m) => m.month));
    const open = [...new Set([current, ...withActivity])].filter((m) => !closedMonths.has(m) && m <= current);
    const months = [...open, ...closed.slice(0, CLOSED_MONTHS_SHOWN).map((m) => m.month)].sort((a, b) => b.localeCompare(a));
    return Promise.all(months.map((m) => this.adminMonth(em, m, closed.find((c) => c.month === m) ?? null)));
  }

  /** Closes a month's vote once the month has ended and names the winner; audited. Closing it again changes nothing. */
  async close(em: EntityManager, actor: Actor, month: YearMonth): Promise<PictureMonthAdminView> {
    const now = this.deps.clock.now();
    const { end } = monthBounds(month);
    if (now < end)
      throw new AppError(
        'CONFLICT',
        `Voting for the picture of ${monthLabel(month)} stays open until the month ends: it can be closed from ${formatAuDate(clubToday(end))}.`,
      );
    await em.transactional(async (tem) => {
      await lockMonth(tem, month);
      if (await tem.count(PictureMonth, { month })) return;
      const user = await tem.findOneOrFail(User, { id: requireUser(actor).id });
      const { winner, votes, total } = await tally(tem, month);
      tem.create(PictureMonth, {
        month,
        closedBy: user,
        closedAt: now,
        winnerCatch: winner,
        winner: winner
          ? {
              anglerName: anglerName(winner),
              species: winner.species,
              sizeCm: Number(winner.sizeCm),
              eventName: winner.event.name,
              votes: votes.get(winner.id) ?? 0,
            }
          : null,
      });
      recordAudit(tem, {
        actor: user,
        action: 'pictureOfMonth.close',
        entityType: 'PictureMonth',
        entityId: month,
        before: null,
        after: {
          totalVotes: total,
          winner: winner ? { catchId: winner.id, anglerName: anglerName(winner), votes: votes.get(winner.id) ?? 0 } : 'No winner',
        },
      });
      await tem.flush();
    });
    const closed = await em.findOneOrFail(PictureMonth, { month }, { populate: ['closedBy', 'winnerCatch.event'], refresh: true });
    return this.adminMonth(em, month, closed);
  }

  private async adminMonth(em: EntityManager, month: YearMonth, closed: PictureMonth | null): Promise<PictureMonthAdminView> {
    const now = this.deps.clock.now();
    const { catches, votes, total } = await tally(em, month);
    const { end } = monthBounds(month);
    return {
      month,
      monthLabel: monthLabel(month),
      closed: closed !== null,
      closedByName: nameOf(closed?.closedBy),
      closedAt: closed?.closedAt.toISOString() ?? null,
      cannotClose: closed
        ? `Voting for the picture of ${monthLabel(month)} has closed.`
        : now < end
          ? `Voting stays open until ${monthLabel(month)} ends: it can be closed from ${formatAuDate(clubToday(end))}.`
          : null,
      totalVotes: total,
      tally: catches
        .filter((c) => votes.has(c.id))
        .map((c) => ({ ...candidateFacts(c), votes: votes.get(c.id)! }))
        .sort((a, b) => b.votes - a.votes),
      winner: closed ? winnerOf(closed, now) : null,
    };
  }

  /** The months a member may still vote in and the site offers: this month and last month, while not closed. */
  private async openMonths(em: EntityManager, now: Date): Promise<{ month: string; monthLabel: string }[]> {
    const current = monthOf(now);
    const recent = [current, addMonths(current, -1)];
    const closed = new Set((await em.find(PictureMonth, { month: { $in: recent } }, { fields: ['month'] })).map((m) => m.month));
    return recent.filter((m) => !closed.has(m)).map((m) => ({ month: m, monthLabel: monthLabel(m) }));
  }
}

/** Why this member may not vote today, or null. */
function voterRefusal(own: Member | null, today: string): string | null {
  if (!own || !isCurrentMember(own, today))
    return 'Only current club members can vote for the picture of the month. Join or renew your membership first.';
  if (isSuspended(own, today))
    return `Your membership is suspended until ${formatAuDate(own.suspendedUntil!)}, so you cannot vote for the picture of the month until then.`;
  return null;
}

function alreadyVoted(month: YearMonth, voted: Catch): AppError {
  return new AppError(
    'CONFLICT',
    `You have already voted for the picture of ${monthLabel(month)} (${anglerName(voted)}’s ${voted.species}). One vote per member per month.`,
  );
}

const lockMonth = (em: EntityManager, month: YearMonth) =>
  em.execute('select pg_advisory_xact_lock(hashtextextended(?, 0))', [`picture-of-the-month ${month}`]);

function candidateFacts(c: Catch): Omit<PictureCandidate, 'mine'> {
  return {
    catchId: c.id,
    anglerName: anglerName(c),
    species: c.species,
    sizeCm: Number(c.sizeCm),
    eventName: c.event.name,
    caughtAt: c.caughtAt.toISOString(),
    thumbnailUrl: objectUrl(thumbnailKey(c.photoKey)),
    photoUrl: objectUrl(c.photoKey),
  };
}

/** A closed month's winner as announced; the photo while the catch is still there (and its fishing closed). */
function winnerOf(closed: PictureMonth, now: Date): PictureWinnerView['winner'] | null {
  if (!closed.winner) return null;
  const c = closed.winnerCatch;
  const photo = c && now >= fishingCloses(c.event) ? c.photoKey : null;
  return {
    catchId: c?.id ?? null,
    ...closed.winner,
    thumbnailUrl: photo ? objectUrl(thumbnailKey(photo)) : null,
    photoUrl: photo ? objectUrl(photo) : null,
  };
}

/**
 * The catches of a month that can be voted for: approved, caught that month (club time), of anglers not
 * disqualified from their event (the results' rule), earliest first; with their event and angler.
 */
async function eligibleCatches(em: EntityManager, month: YearMonth): Promise<Catch[]> {
  const { start, end } = monthBounds(month);
  const rows = await em.execute<{ id: string }[]>(
    `select c.id from catches c
     where c.status = 'verified' and c.caught_at >= ? and c.caught_at < ?
       and not exists (select 1 from event_registrations r
         where r.event_id = c.event_id and r.member_id = c.angler_id and r.disqualified_at is not null)`,
    [start, end],
  );
  if (!rows.length) return [];
  return em.find(Catch, { id: { $in: rows.map((r) => r.id) } }, { populate: ['event', 'angler'], orderBy: { caughtAt: 'asc', id: 'asc' } });
}

/**
 * The votes of a month for the catches that still count (approved, angler not disqualified), and the winner: the
 * most votes; on a tie, the catch whose last counted vote came first, i.e. the first to reach that number.
 */
async function tally(em: EntityManager, month: YearMonth) {
  const catches = await eligibleCatches(em, month);
  const counted = new Map(catches.map((c) => [c.id, c]));
  const cast = await em.find(PictureVote, { month }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  const votes = new Map<string, number>();
  let winner: Catch | null = null;
  let best = 0;
  for (const vote of cast) {
    if (!counted.has(vote.catch.id)) continue;
    const n = (votes.get(vote.catch.id) ?? 0) + 1;
    votes.set(vote.catch.id, n);
    // Strictly more: a catch that only equals the leader's count reached it later.
    if (n > best) {
      best = n;
      winner = counted.get(vote.catch.id)!;
    }
  }
  const total = [...votes.values()].reduce((a, b) => a + b, 0);
  return { catches, votes, total, winner };
}

/** Months (from `from` on) with approved catches or votes, newest first. */
async function monthsWithActivity(em: EntityManager, from: YearMonth, now: Date): Promise<YearMonth[]> {
  const since = monthBounds(from).start;
  const rows = await em.execute<{ month: string }[]>(
    `select distinct to_char(c.caught_at at time zone ?, 'YYYY-MM') as month from catches c
     where c.status = 'verified' and c.caught_at >= ? and c.caught_at <= ?
     union select distinct month from picture_votes where month >= ?`,
    [clubTimeZone(), since, now, from],
  );
  return rows.map((r) => r.month).sort((a, b) => b.localeCompare(a));
}
