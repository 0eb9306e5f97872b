import type { CompetitionRules } from '../../shared/competition';
import type { MembershipRules } from '../../shared/membership';
import { RESULT_DIVISIONS } from '../../shared/results';
import type { PlacingRules } from '../competition/placing-rules.service';
import { eventDaySql, juniorOnSql } from '../membership/junior-age';

/**
 * An angler's division at an event, in SQL (`e` the event, `m` the angler): Juniors while under the club's junior age
 * on the event's day on the club's calendar, as `resultDivisionOn` says; Open at an event without divisions, or
 * without a birth date.
 */
const divisionSql = (membership: Pick<MembershipRules, 'juniorUnder'>) =>
  `case when e.divisions and ${juniorOnSql(membership, 'm.date_of_birth', eventDaySql('e'))} then 'junior' else 'open' end`;

/**
 * The placed catches of the events `eventsWhere` selects (SQL; its parameters follow the species): per event,
 * division and species, the longest verified catches (as many places as `placesCounted`) of anglers not
 * disqualified from the event (the one rule that makes a disqualification count, and reinstating undo it), the
 * earlier first on a tie. With one placing per
 * angler, only each angler's best catch of the category (the earlier on a tie) competes, so the next angler moves
 * up. This is the one place results, live boards, the presentation, the ladder and champion points are worked out.
 * PostgreSQL reads only the event's verified catches of each species (from the catches' event, species and status
 * index), never a season's. `membership`: the club's rules, which say who is a junior; `places`: how many places
 * (`placesCounted`, a whole number from the club's validated rules).
 */
export const placedSql = (
  eventsWhere: string,
  rules: PlacingRules,
  membership: Pick<MembershipRules, 'juniorUnder'>,
  places: number,
) => `select placed.id, placed.angler_id, d.division, placed.place
  from events e cross join unnest(array[?]) s(species) cross join unnest(array['${RESULT_DIVISIONS.join("', '")}']) d(division), lateral (
    select c.id, c.angler_id, row_number() over (order by c.size_cm desc, c.caught_at asc) as place
    from (
      select c.id, c.angler_id, c.size_cm, c.caught_at,
        row_number() over (partition by c.angler_id order by c.size_cm desc, c.caught_at asc) as angler_best
      from catches c join members m on m.id = c.angler_id
      where c.event_id = e.id and c.species = s.species and c.status = 'verified' and ${divisionSql(membership)} = d.division
        and not exists (select 1 from event_registrations r
          where r.event_id = c.event_id and r.member_id = c.angler_id and r.disqualified_at is not null)
    ) c
    ${rules.onePlacingPerAngler ? 'where c.angler_best = 1' : ''}
    order by c.size_cm desc, c.caught_at asc limit ${Math.trunc(places)}
  ) placed
  where ${eventsWhere}`;

/** Champion points of a place by the club's competition rules; a place beyond the club's points scores 0. */
export const pointsFor = (competition: Pick<CompetitionRules, 'championPoints'>, place: number): number =>
  competition.championPoints[place - 1] ?? 0;

/** How many places of each category are worked out: every place that wins a prize or scores points (1 to 10). */
export const placesCounted = (competition: Pick<CompetitionRules, 'placePrizes' | 'championPoints'>): number =>
  Math.max(competition.placePrizes.length, competition.championPoints.length);
