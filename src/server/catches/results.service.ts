import type { EntityManager } from '@mikro-orm/postgresql';
import type { ChampionPointsView, EventResults, LadderStatus, LiveBoard, ResultCategory } from '../../shared/catches.schema';
import { clubLocalToInstant, clubToday } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import { fishingWindow } from '../../shared/events';
import { placePrize, RESULT_DIVISIONS, resultsStatus, type ResultDivision } from '../../shared/results';
import { Catch, Event, Member } from '../db/entities';
import { placingRules, type PlacingRules } from '../competition/placing-rules.service';
import { objectUrl, thumbnailKey } from '../platform/object-keys';
import type { Clock } from '../clock';
import type { ClubSettingsService } from '../club/club-settings.service';
import type { MembershipRules } from '../../shared/membership';
import type { MysteryFishService } from '../competition/mystery-fish.service';
import { placedSql, placesCounted, pointsFor } from './placings';
import type { CompetitionRules } from '../../shared/competition';
import { categoriesOf } from '../../shared/species';

/** Anglers per division the presentation shows of the season's champion points. */
const CHAMPION_POINTS_SHOWN = 5;

export interface ResultsDeps {
  clock: Clock;
  /** The event's mystery fish, as the live board and the presentation show it. */
  mysteryFish: Pick<MysteryFishService, 'view'>;
  /**
   * The club's membership rules (who is a junior, and so in the Juniors division), competition rules (points and
   * prizes per place) and species (which are categories).
   */
  club: Pick<ClubSettingsService, 'membership' | 'competition' | 'species'>;
}

/**
 * What places a catch and what a place is worth: the competition's placing rules, the club's junior age that makes
 * the divisions, the club's points and prizes per place, and its categories (the species that count for points; a
 * catch of another, or of a species the club no longer lists, is never placed).
 */
interface Rules {
  categories: string[];
  placing: PlacingRules;
  membership: Pick<MembershipRules, 'juniorUnder'>;
  competition: Pick<CompetitionRules, 'placePrizes' | 'championPoints'>;
}

/** An event's results and live board, and the season's champion points, all from the placings (`placedSql`). */
export class ResultsService {
  constructor(private readonly deps: ResultsDeps) {}

  /**
   * For each division and species, the longest verified catches (a tie goes to the earlier catch), each place with
   * the club's champion points and prize (places beyond the club's lists score 0 and win nothing); with one placing per angler (the club's default, see
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
    const rules = await this.rulesOf(em);
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
  private async championPoints(em: EntityManager, year: number, rules: Rules): Promise<ChampionPointsView> {
    const [standings, status] = await Promise.all([this.standings(em, year, rules), this.ladderStatus(em.fork(), year)]);
    const shown = RESULT_DIVISIONS.flatMap((d) => standings.filter((r) => r.division === d).slice(0, CHAMPION_POINTS_SHOWN));
    return { ...status, standings: shown };
  }

  private async eventOf(em: EntityManager, eventId: string): Promise<Event> {
    const event = await em.findOne(Event, { id: eventId });
    if (!event) throw new AppError('NOT_FOUND', 'That event does not exist.');
    return event;
  }

  private async resultsOf(em: EntityManager, event: Event, given?: Rules): Promise<EventResults> {
    const rules = given ?? (await this.rulesOf(em));
    const [placed, pending] = await Promise.all([this.placings(em, event, rules), em.count(Catch, { event, status: 'pending' })]);
    // The photos show the brag mat with the day's code: not to the public while fishing is still open.
    const { closes } = fishingWindow(event);
    const photosShown = this.deps.clock.now() >= closes;
    const categories: ResultCategory[] = [];
    for (const division of RESULT_DIVISIONS)
      for (const species of rules.categories) {
        const placings = placed
          .filter((p) => p.division === division && p.catch.species === species)
          .map((p) => ({
            place: p.place,
            points: p.points,
            prize: placePrize(rules.competition, p.place),
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
    return this.standings(em, year, await this.rulesOf(em));
  }

  private async rulesOf(em: EntityManager): Promise<Rules> {
    return {
      categories: categoriesOf(await this.deps.club.species(em)),
      placing: await placingRules(em),
      membership: await this.deps.club.membership(em),
      competition: await this.deps.club.competition(em),
    };
  }

  private async standings(
    em: EntityManager,
    year: number,
    rules: Rules,
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
    return (await this.pointsOf(em, year, await this.rulesOf(em), memberId)).reduce((sum, r) => sum + r.points, 0);
  }

  /** Champion points per angler and division over the competitions of a calendar year (club time), optionally of one angler. */
  private async pointsOf(
    em: EntityManager,
    year: number,
    rules: Rules,
    memberId?: string,
  ): Promise<{ memberId: string; division: ResultDivision; points: number }[]> {
    if (!rules.categories.length) return [];
    const rows: { angler_id: string; division: ResultDivision; place: number; placed: string }[] = await em.getConnection().execute(
      `select angler_id, division, place, count(*) as placed
       from (${placedSql('e.event_date >= ? and e.event_date < ?', rules.placing, rules.membership, placesCounted(rules.competition))}) placed
       ${memberId ? 'where angler_id = ?' : ''} group by angler_id, division, place`,
      [
        rules.categories,
        clubLocalToInstant(`${year}-01-01T00:00`),
        clubLocalToInstant(`${year + 1}-01-01T00:00`),
        ...(memberId ? [memberId] : []),
      ],
    );
    const totals = new Map<string, { memberId: string; division: ResultDivision; points: number }>();
    for (const row of rows) {
      const key = `${row.angler_id}:${row.division}`;
      const total = totals.get(key) ?? { memberId: row.angler_id, division: row.division, points: 0 };
      total.points += pointsFor(rules.competition, Number(row.place)) * Number(row.placed);
      totals.set(key, total);
    }
    return [...totals.values()];
  }

  /** The placed catches of one event, best first, with their anglers and divisions. */
  private async placings(
    em: EntityManager,
    event: Event,
    rules: Rules,
  ): Promise<{ catch: Catch; division: ResultDivision; place: number; points: number }[]> {
    if (!rules.categories.length) return [];
    const ranked: { id: string; division: ResultDivision; place: string }[] = await em
      .getConnection()
      .execute(placedSql('e.id = ?', rules.placing, rules.membership, placesCounted(rules.competition)), [rules.categories, event.id]);
    const places = new Map(ranked.map((r) => [r.id, { place: Number(r.place), division: r.division }]));
    const catches = await em.find(Catch, { id: { $in: [...places.keys()] } }, { populate: ['angler'] });
    return catches
      .map((c) => ({ catch: c, ...places.get(c.id)!, points: pointsFor(rules.competition, places.get(c.id)!.place) }))
      .sort((a, b) => a.place - b.place);
  }
}
