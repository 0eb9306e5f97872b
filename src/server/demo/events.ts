/* Step 4: competitions past and coming, with pictures, and the members registered for them. */
import { addDays, type IsoDate } from '../../shared/dates';
import { eventInput } from '../../shared/events.schema';
import { isJuniorOn } from '../../shared/membership';
import { Event } from '../db/entities';
import { EVENTS, type DemoEvent } from './demo-data';
import { scenePhoto } from './demo-images';
import { hhmm, type DemoContext } from './context';
import { activeBetween } from './members';
import { isCurrentMember } from '../membership/member-status';
import type { SeededHousehold, SeededEvent } from './context';

const dayOfWeek = (day: IsoDate) => new Date(`${day}T00:00:00Z`).getUTCDay();

/** Competitions are on Saturdays: the one `when` weeks from today (0: the coming Saturday, after today). */
function eventDay(demo: DemoContext, plan: DemoEvent): IsoDate {
  if (plan.when === 'today') return demo.today;
  const base = addDays(demo.today, 7 * plan.when + (plan.when >= 0 ? 1 : 0));
  return addDays(base, (6 - dayOfWeek(base) + 7) % 7);
}

export async function seedEvents(demo: DemoContext) {
  for (const plan of EVENTS) {
    const day = eventDay(demo, plan);
    const start = demo.local(day, plan.time);
    const input = eventInput.parse({
      name: plan.name,
      description: plan.description,
      location: plan.location,
      eventDate: `${day}T${plan.time}`,
      rules: plan.rules ?? null,
      prizes: plan.prizes ?? null,
      registrationFee: plan.fee,
      juniorFee: plan.juniorFee,
      maxParticipants: plan.max,
      clubCode: plan.clubCode,
      fishingStart: plan.fishingStart,
      fishingEnd: plan.fishingEnd,
      ageLimit: plan.ageLimit,
      membersOnly: plan.membersOnly,
      status: 'active',
    });
    const created = demo.local(
      addDays(day < demo.today ? day : demo.today, day < demo.today ? -45 : -30 - demo.rng.int(0, 20)),
      hhmm(demo.rng.int(18 * 60, 21 * 60)),
    );
    const view = await demo.at(created, async () => {
      const event = await demo.services.events.create(demo.em, demo.admin.actor, input);
      const picture = await scenePhoto({ ...plan.scene, rng: demo.rng });
      return demo.services.events.setImage(demo.em, demo.admin.actor, event.id, await demo.uploadSlot(demo.admin.actor, picture));
    });
    const event = await demo.em.findOneOrFail(Event, { id: view.id });
    const seeded: SeededEvent = { plan, event, day, start, input, registered: [] };
    demo.events.set(plan.key, seeded);
    await register(demo, seeded, created);
    if (plan.status === 'cancelled') {
      await demo.at(demo.local(addDays(day, -1), '16:00'), () =>
        demo.services.events.update(demo.em, demo.admin.actor, event.id, { ...input, status: 'cancelled' }),
      );
    }
  }
}

/** Members register in the weeks before the event; the two logins join the events they should show. */
async function register(demo: DemoContext, seeded: SeededEvent, createdAt: Date) {
  const { plan, day } = seeded;
  if (!plan.registrations) return;
  const latest = day < demo.today ? day : demo.today;
  const eligible = activeBetween(demo, addDays(latest, -1), day);
  const wants = (h: SeededHousehold) => {
    if (h === demo.member) return ['bream-flathead', 'cudgen', 'jacks', 'beach', 'today', 'kingscliff', 'mulloway'].includes(plan.key);
    if (h === demo.admin) return ['bream-flathead', 'jacks', 'today', 'agm', 'mulloway'].includes(plan.key);
    if (plan.ageLimit === 'juniors') return juniorsOf(demo, h, day).length > 0;
    return true;
  };
  const forced = eligible.filter((h) => (h === demo.member || h === demo.admin) && wants(h));
  const others = shuffle(
    demo,
    eligible.filter((h) => h !== demo.member && h !== demo.admin && wants(h)),
  );
  const chosen = [...forced, ...others].slice(0, plan.registrations);
  const opens = Math.max(createdAt.getTime() + 3600_000, demo.local(addDays(latest, -21), '08:00').getTime());
  const closes = Math.min(seeded.start.getTime() - 12 * 3600_000, demo.now.getTime() - 3600_000);
  const planned = chosen
    .map((household) => {
      // Not before the member joined.
      const first = Math.max(opens, demo.local(addDays(household.joinedOn!, 1), '08:00').getTime());
      return { household, at: demo.rng.between(first, Math.max(first, closes)) };
    })
    .sort((a, b) => a.at - b.at);
  for (const { household, at } of planned) {
    // A juniors' event takes the household's juniors, entered by its adult; any other its member who holds the login.
    const memberIds = plan.ageLimit === 'juniors' ? juniorsOf(demo, household, day) : undefined;
    await demo.at(new Date(at), () => demo.services.entries.enter(demo.em, household.actor, seeded.event.id, { memberIds }));
    seeded.registered.push(household);
  }
}

/** Whom a household enters in a juniors' event: an adult their juniors on the day, a junior who holds the login themselves. */
function juniorsOf(demo: DemoContext, household: SeededHousehold, day: IsoDate): string[] {
  if (isJuniorOn(demo.membership, household.primary.dateOfBirth, day)) return [household.primary.id];
  return household.members.filter((m) => isJuniorOn(demo.membership, m.dateOfBirth, day) && isCurrentMember(m, day)).map((m) => m.id);
}

function shuffle<T>(demo: DemoContext, items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = demo.rng.int(0, i);
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}
