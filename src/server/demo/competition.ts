/* Step 5c: competition day extras. Mystery fish (one revealed, today's sealed) and the fish picture of the month. */
import { addMonths, monthBounds, monthOf, type YearMonth } from '../../shared/competition';
import type { PictureCandidate } from '../../shared/competition.schema';
import { addDays, clubToday } from '../../shared/dates';
import { AppError } from '../../shared/errors';
import { fishingCloses } from '../../shared/events';
import { Catch } from '../db/entities';
import { randomSource, type RandomSource } from './demo-images';
import type { DemoContext, SeededHousehold } from './context';

/** Votes cast in the month whose vote the committee closed, and so far in the month still open. */
const CLOSED_MONTH_VOTES = 9;
const OPEN_MONTH_VOTES = 4;
const HOUR = 3_600_000;

/**
 * The Terranora Mangrove Jack Challenge had a mystery fish (a 50 cm flathead), sealed the evening before and revealed
 * at the presentation; today's club day has one sealed the evening before (a bream of 28 to 32 cm), waiting for its
 * presentation. Last month's picture of the month was voted and closed by the committee on the 2nd; this month's vote
 * is open with a few votes (neither login has voted in it). Early in a month, before any of its photos can be voted
 * for, last month's vote is the open one and the month before it the closed one.
 */
export async function seedCompetition(demo: DemoContext) {
  // Its own random source: the demo's other choices stay as they were.
  const rng = randomSource(2020);
  const jacks = demo.events.get('jacks')!;
  await demo.at(demo.local(addDays(jacks.day, -1), '19:30'), () =>
    demo.services.mysteryFish.seal(demo.em, demo.admin.actor, {
      eventId: jacks.event.id,
      species: 'Flathead',
      length: { kind: 'exact', lengthCm: 50 },
    }),
  );
  await quietly(demo, () =>
    demo.at(demo.local(jacks.day, '16:05'), () => demo.services.mysteryFish.reveal(demo.em, demo.admin.actor, jacks.event.id)),
  );
  const today = demo.events.get('today')!;
  await demo.at(demo.local(addDays(today.day, -1), '19:30'), () =>
    demo.services.mysteryFish.seal(demo.em, demo.admin.actor, {
      eventId: today.event.id,
      species: 'Bream',
      length: { kind: 'range', minCm: 28, maxCm: 32 },
    }),
  );

  const latest = new Date(demo.now.getTime() - HOUR);
  const candidatesOf = async (month: YearMonth) =>
    (await demo.at(latest, () => demo.services.pictureOfMonth.month(demo.em, demo.admin.actor, month))).candidates;
  const current = monthOf(demo.now);
  const open = (await candidatesOf(current)).length >= 2 ? current : addMonths(current, -1);
  let closed: YearMonth | null = null;
  for (const month of [addMonths(open, -1), addMonths(open, -2)])
    if ((await candidatesOf(month)).length >= 2) {
      closed = month;
      break;
    }

  const voters = demo.households.filter((h) => h.joinedOn !== null);
  if (closed) {
    const { end } = monthBounds(closed);
    const closeAt = new Date(Math.min(demo.local(addDays(clubToday(end), 1), '19:00').getTime(), latest.getTime()));
    if (closeAt.getTime() > end.getTime() + 10 * 60_000) {
      await castVotes(demo, rng, closed, shuffled(rng, voters).slice(0, CLOSED_MONTH_VOTES), new Date(closeAt.getTime() - 10 * 60_000));
      await quietly(demo, () => demo.at(closeAt, () => demo.services.pictureOfMonth.close(demo.em, demo.admin.actor, closed!)));
    }
  }
  const others = voters.filter((h) => h !== demo.member && h !== demo.admin);
  await castVotes(demo, rng, open, shuffled(rng, others).slice(0, OPEN_MONTH_VOTES), latest);
}

/** Each voter's one vote, at a time when the photo they choose could be seen, for one of the month's photos (not their own). */
async function castVotes(demo: DemoContext, rng: RandomSource, month: YearMonth, voters: SeededHousehold[], until: Date) {
  const { start } = monthBounds(month);
  for (const voter of voters) {
    // The photos as this voter sees them once every one of them can be seen (or at `until`).
    const seen = await demo.at(until, () => demo.services.pictureOfMonth.month(demo.em, voter.actor, month));
    if (seen.cannotVote) continue;
    const choices = seen.candidates.filter((c) => !c.mine);
    if (!choices.length) continue;
    // A favourite or two: the first photos of the list draw more votes.
    const choice: PictureCandidate = choices[Math.min(choices.length - 1, Math.floor(Math.pow(rng.next(), 2) * choices.length))];
    const visible = await visibleFrom(demo, choice.catchId);
    const from = Math.max(start.getTime(), visible.getTime() + HOUR);
    if (from >= until.getTime()) continue;
    const at = new Date(rng.between(from, until.getTime()));
    await quietly(demo, () => demo.at(at, () => demo.services.pictureOfMonth.vote(demo.em, voter.actor, choice.catchId)));
  }
}

/** When a catch's photo could first be voted for: its event's fishing closed. */
async function visibleFrom(demo: DemoContext, catchId: string): Promise<Date> {
  const found = await demo.em.findOneOrFail(Catch, { id: catchId }, { populate: ['event'] });
  return fishingCloses(found.event);
}

/** A step the club's rules may refuse on some days of the demo (a member not current then, say): logged, not fatal. */
async function quietly(demo: DemoContext, run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    demo.log(`Demo club: skipped a competition step (${error.message})`);
  }
}

function shuffled<T>(rng: RandomSource, items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}
