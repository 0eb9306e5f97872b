import type { CompetitionRules } from '../../shared/competition';
import { formatAud } from '../../shared/membership';

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];
const PLACES = ['1st', '2nd', '3rd', '4th', '5th', '6th', '7th', '8th', '9th', '10th'];

/** '$10', '$12.50': an amount as the club's rules say it. */
const dollars = (cents: number) => formatAud(cents).replace(/\.00$/, '');

/** '7am', '2:30pm': a club time ('HH:mm') as the club's rules say it. */
function spokenTime(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number);
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}${m ? `:${String(m).padStart(2, '0')}` : ''}${h < 12 ? 'am' : 'pm'}`;
}

/** The end of sign-on: the fishing start plus the club's sign-on hours, on the same clock. */
function signOnEnds(times: CompetitionRules['times']): string {
  const [h, m] = times.fishingStart.split(':').map(Number);
  const end = (h + times.signOnHours) % 24;
  return `${String(end).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/**
 * The lines of the competition rules document that the club's competition rules decide, by their place in the
 * document (0: entry fees, 1: times, 4: prizes, 5: champion points), in the club's own amounts, times and texts.
 */
export function competitionRuleLines(rules: CompetitionRules): Map<number, string> {
  const fees = rules.entryFeesCents;
  const junior = fees.junior === null ? '' : `, ${dollars(fees.junior)} for juniors`;
  const { times } = rules;
  const prizes = rules.placePrizes.map((p, i) => `${PLACES[i]} ${p.text}`).join(', ');
  const points = rules.championPoints.map((p, i) => `${p} for ${ORDINALS[i]}`).join(', ');
  return new Map([
    [0, `Entry fee: ${dollars(fees.member)} per entrant, ${dollars(fees.nonMember)} for non-members${junior}.`],
    [
      1,
      `Registration: ${spokenTime(times.fishingStart)} to ${spokenTime(signOnEnds(times))}. Fishing: ${spokenTime(times.fishingStart)} to ${spokenTime(times.fishingEnd)}. Presentation: ${spokenTime(times.presentation)}.`,
    ],
    [
      4,
      `Prizes per category: ${prizes}. Mystery fish: ${rules.mysteryFishPrize.text}. Fish picture of the month: ${rules.pictureOfMonthPrize.text}.`,
    ],
    [5, `Champion points: ${points} in each category.`],
  ]);
}
