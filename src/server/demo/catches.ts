/* Step 5: catches logged from the riverbank at past competitions and today, their hours, and the judging. */
import sharp from 'sharp';
import { addDays, instantToClubLocal } from '../../shared/dates';
import { catchSubmissionInput } from '../../shared/catches.schema';
import { fishingWindow } from '../../shared/events';
import { isJuniorOn } from '../../shared/membership';
import { EventRegistration, Member } from '../db/entities';
import { CAMERAS, DEFAULT_SIZE_RANGE, REJECT_REASONS, SIZE_RANGES } from './demo-data';
import { catchPhoto, randomSource } from './demo-images';
import type { DemoContext } from './context';
import type { SeededHousehold, SeededEvent, Special } from './context';

const round1 = (n: number) => Math.round(n * 10) / 10;
const gpsText = (lat: number, lng: number) => `${lat.toFixed(6)}, ${lng.toFixed(6)}`;

function person(household: SeededHousehold, firstName: string): Member {
  return household.members.find((m) => m.firstName === firstName)!;
}

function sizeFor(demo: DemoContext, species: string): number {
  const [low, high] = SIZE_RANGES[species] ?? DEFAULT_SIZE_RANGE;
  // Most fish are near the low end, as on any competition day.
  const share = Math.pow(demo.rng.next(), 1.7);
  return Math.round((low + share * (high - low)) * 2) / 2;
}

type Fate = 'kept' | 'released';

/** A catch to log: who, what and how long, kept or released, and the scripted oddity it carries. */
interface PlannedCatch {
  angler: Member;
  species: string;
  size: number;
  fate: Fate;
  special?: Special;
}

/** The past competitions with catches, in the order they are fished. */
const PAST_COMPETITIONS = ['bream-flathead', 'cudgen', 'jacks', 'beach'];

/** The two logins' households' own catches at each past competition, the same every time. */
const SCRIPTED: Record<string, (Omit<PlannedCatch, 'angler'> & { angler: (demo: DemoContext) => Member })[]> = {
  'bream-flathead': [
    { angler: (demo) => demo.member.primary, species: 'Flathead', size: 58.5, fate: 'kept' },
    { angler: (demo) => demo.admin.primary, species: 'Bream', size: 33, fate: 'kept' },
  ],
  cudgen: [
    { angler: (demo) => demo.member.primary, species: 'Whiting', size: 31.5, fate: 'kept' },
    { angler: (demo) => person(demo.member, 'Ethan'), species: 'Whiting', size: 28, fate: 'released' },
    { angler: (demo) => person(demo.member, 'Chloe'), species: 'Bream', size: 26.5, fate: 'released', special: 'corrected' },
  ],
  jacks: [
    { angler: (demo) => demo.member.primary, species: 'Mangrove Jack', size: 41, fate: 'released', special: 'noCode' },
    { angler: (demo) => demo.admin.primary, species: 'Flathead', size: 52, fate: 'released' },
  ],
  beach: [{ angler: (demo) => demo.member.primary, species: 'Tailor', size: 44, fate: 'kept', special: 'pending' }],
};

/** The scripted oddities among the other entrants' catches at each past competition, first come first. */
const SPECIALS: Record<string, Special[]> = {
  'bream-flathead': ['noExif', 'dayBefore'],
  cudgen: ['outside'],
  jacks: ['duplicate', 'noExif'],
  beach: ['pending', 'pending', 'noExif', 'offshore'],
};

export async function seedPastCompetitions(demo: DemoContext) {
  for (const key of PAST_COMPETITIONS) {
    const seeded = demo.events.get(key)!;
    const planned = planCatches(demo, seeded, key);
    const logged = await logTheDaysCatches(demo, seeded, planned);
    await logHours(
      demo,
      seeded,
      planned.map((c) => c.angler),
    );
    await judge(demo, seeded, logged);
    await demo.at(demo.local(addDays(seeded.day, 1), '09:15'), () =>
      demo.services.events.update(demo.em, demo.admin.actor, seeded.event.id, { ...seeded.input, status: 'completed' }),
    );
  }
}

/** The competition's catches: the scripted ones, then the others' (random, some carrying the scripted oddities). */
function planCatches(demo: DemoContext, seeded: SeededEvent, key: string): PlannedCatch[] {
  const { plan } = seeded;
  const anglers = seeded.registered.flatMap((h) => h.members);
  const strangers = seeded.registered.filter((h) => h !== demo.member && h !== demo.admin).flatMap((h) => h.members);
  const fixed = SCRIPTED[key] ?? [];
  const extra = SPECIALS[key] ?? [];
  return [
    ...fixed.map((f) => ({ angler: f.angler(demo), species: f.species, size: f.size, fate: f.fate, special: f.special })),
    ...Array.from({ length: plan.catches - fixed.length }, (_, i) => {
      const special = extra[i] as Special | undefined;
      // A copied photo claims the fish in it: the first catch of the season (a 58.5 cm flathead).
      const species = special === 'duplicate' ? 'Flathead' : demo.rng.pick(plan.species);
      const size = special === 'duplicate' ? 58.5 : sizeFor(demo, species);
      const fate: Fate = species === 'Mulloway' || (species === 'Flathead' && size > 70) || demo.rng.chance(0.4) ? 'released' : 'kept';
      // The scripted oddities (a copied photo, a fish from Queensland...) belong to neither login's household.
      return { angler: demo.rng.pick(special ? strangers : anglers), species, size, fate, special };
    }),
  ];
}

/** Logged within the event's fishing hours, from half an hour after they open to twenty minutes before they close. */
async function logTheDaysCatches(
  demo: DemoContext,
  seeded: SeededEvent,
  planned: PlannedCatch[],
): Promise<{ id: string; special?: Special; size: number }[]> {
  const hours = fishingWindow(seeded.event);
  const fishingMinutes = (hours.closes.getTime() - hours.opens.getTime()) / 60_000;
  const times = planned.map(() => demo.rng.between(30, fishingMinutes - 20)).sort((a, b) => a - b);
  const logged: { id: string; special?: Special; size: number }[] = [];
  for (const [i, c] of planned.entries()) {
    const id = await logCatch(
      demo,
      seeded,
      c.angler,
      c.species,
      c.size,
      c.fate,
      new Date(hours.opens.getTime() + times[i] * 60_000),
      c.special,
    );
    logged.push({ id, special: c.special, size: c.size });
  }
  return logged;
}

/**
 * The judges sit after fishing closes and before the 4pm presentation: a catch with an oddity they can see is
 * rejected, the one measured generously is approved half a centimetre shorter, the rest as logged; the pending
 * ones and the one photographed offshore are left waiting.
 */
async function judge(demo: DemoContext, seeded: SeededEvent, logged: { id: string; special?: Special; size: number }[]) {
  const { closes } = fishingWindow(seeded.event);
  let minute = 0;
  for (const c of logged) {
    if (c.special === 'pending' || c.special === 'offshore') continue;
    const when = new Date(closes.getTime() + (20 + minute++ * 3) * 60_000);
    const reject = rejectReason(c.special);
    await demo.at(when, () =>
      demo.services.judging.judge(
        demo.em,
        demo.admin.actor,
        reject
          ? { action: 'reject', id: c.id, reason: reject }
          : { action: 'approve', id: c.id, ...(c.special === 'corrected' ? { size: round1(c.size - 0.5) } : {}) },
      ),
    );
  }
}

/** The reason the judges give for rejecting a catch with this oddity, or null if they approve it. */
function rejectReason(special: Special | undefined): string | null {
  switch (special) {
    case 'noCode':
    case 'dayBefore':
    case 'outside':
    case 'duplicate':
      return REJECT_REASONS[special];
    default:
      return null;
  }
}

/**
 * Logs a catch as the angler's household would from a phone on the day: photo, size, GPS. `extra.photo`: a picture
 * made elsewhere; `extra.rng`: a random source of its own (so that the rest of the demo stays as it was).
 */
async function logCatch(
  demo: DemoContext,
  seeded: SeededEvent,
  angler: Member,
  species: string,
  size: number,
  fate: 'kept' | 'released',
  caughtAt: Date,
  special?: Special,
  extra: { photo?: Buffer; rng?: DemoContext['rng'] } = {},
): Promise<string> {
  const rng = extra.rng ?? demo.rng;
  const household = demo.households.find((h) => h.members.some((m) => m.id === angler.id))!;
  const spot = special === 'outside' ? { lat: -28.1352, lng: 153.4851 } : seeded.plan.spot;
  const lat = spot.lat + rng.between(-0.004, 0.004);
  const lng = spot.lng + rng.between(-0.004, 0.004);
  // Caught from a boat 2 km off Cabarita, logged once back on the beach: the photo's own place gives it away.
  const photoAt =
    special === 'offshore' ? { lat: -28.3405, lng: 153.5985 } : special === 'noPlace' ? { lat: null, lng: null } : { lat, lng };
  const takenAt =
    special === 'dayBefore'
      ? `${addDays(seeded.day, -1)}T17:48:12`
      : `${instantToClubLocal(new Date(caughtAt.getTime() - rng.int(60, 240) * 1000))}:${String(rng.int(0, 59)).padStart(2, '0')}`;
  let photo: Buffer;
  if (extra.photo) {
    photo = extra.photo;
  } else if (special === 'duplicate') {
    // The season's first photo, cropped a little and saved again (its EXIF kept): not the same file, the same picture.
    const original = [...demo.photosByCatch.values()][0];
    photo = await sharp(original)
      .keepExif()
      .extract({ left: 24, top: 18, width: 1140, height: 860 })
      .resize(1080)
      .jpeg({ quality: 78 })
      .toBuffer();
  } else {
    photo = await catchPhoto({
      species,
      sizeCm: size,
      clubCode: special === 'noCode' ? null : seeded.plan.clubCode,
      rng,
      exif: special === 'noExif' ? null : { camera: rng.pick(CAMERAS), takenAtLocal: takenAt, ...photoAt },
    });
  }
  // Only entrants score: an angler who did not enter beforehand was signed on at the ramp by the committee.
  if (!(await demo.em.count(EventRegistration, { event: seeded.event, member: angler })))
    await demo.at(new Date(seeded.start.getTime() - 20 * 60_000), () =>
      demo.services.entries.addEntrant(demo.em, demo.admin.actor, seeded.event.id, angler.id),
    );
  const result = await demo.at(caughtAt, () =>
    demo.services.catches.submit(
      demo.em,
      household.actor,
      catchSubmissionInput.parse({
        fishType: species,
        size,
        fishKeptOrReleased: fate,
        eventId: seeded.event.id,
        memberId: angler.id,
        rulesWaiverAccepted: 'true',
        dataAccuracyAcknowledged: 'true',
        gpsCoordinates: gpsText(lat, lng),
      }),
      photo,
    ),
  );
  demo.photosByCatch.set(result.catch.id, photo);
  return result.catch.id;
}

/** The 'Daily Fishing Hours' each angler recorded after fishing. */
async function logHours(demo: DemoContext, seeded: SeededEvent, anglers: Member[]) {
  const seen = new Set<string>();
  for (const angler of anglers) {
    if (seen.has(angler.id)) continue;
    seen.add(angler.id);
    // Hours are recorded for the members entered in the event (the club's rule).
    if (!(await demo.em.count(EventRegistration, { event: seeded.event, member: angler }))) continue;
    const household = demo.households.find((h) => h.members.some((m) => m.id === angler.id))!;
    await demo.at(new Date(fishingWindow(seeded.event).closes.getTime() + 12 * 60_000), () =>
      demo.services.catches.logSession(demo.em, household.actor, {
        eventId: seeded.event.id,
        memberId: angler.id,
        hoursSpent: demo.rng.int(8, 14) / 2,
        sessionDate: seeded.day,
      }),
    );
  }
}

/** Today's club day: a few catches logged this morning, waiting for the judge. */
export async function seedTodaysCatches(demo: DemoContext) {
  const seeded = demo.events.get('today')!;
  const hours = fishingWindow(seeded.event);
  const openFor = (demo.now.getTime() - hours.opens.getTime()) / 60_000;
  if (openFor < 60) return;
  // A suspended angler (see fair-play.ts) cannot log catches, nor their household for them.
  const suspended = new Set((await demo.em.find(Member, { suspendedUntil: { $gte: demo.today } })).map((m) => m.id));
  // Only entrants fish: the day is full and a member waits for a place, so nobody is signed on past them at the ramp.
  const entered = new Set(
    (await demo.em.find(EventRegistration, { event: seeded.event }, { populate: ['member'] })).map((e) => e.member.id),
  );
  const anglers = seeded.registered
    .filter((h) => h !== demo.member && h !== demo.admin && !h.members.some((m) => suspended.has(m.id)))
    .flatMap((h) => h.members)
    .filter((m) => entered.has(m.id));
  // The demo member's household's bream, still to judge: his son Ethan's when he fishes today, else his own.
  const own = [person(demo.member, 'Ethan'), demo.member.primary].find((m) => entered.has(m.id)) ?? anglers[0];
  const planned: { angler: Member; species: string }[] = [{ angler: own, species: 'Bream' }];
  for (let i = 1; i < seeded.plan.catches; i++)
    planned.push({ angler: demo.rng.pick(anglers), species: demo.rng.pick(seeded.plan.species) });
  // Within the fishing hours: a late-morning demo shows only the catches of the hours that have passed.
  const span = Math.min(openFor - 15, (hours.closes.getTime() - hours.opens.getTime()) / 60_000 - 10);
  const times = planned.map(() => demo.rng.between(15, span)).sort((a, b) => a - b);
  const logged: { id: string; at: Date; mine: boolean; angler: Member; species: string; size: number }[] = [];
  for (const [i, c] of planned.entries()) {
    const size = i === 0 ? 27.5 : sizeFor(demo, c.species);
    const at = new Date(hours.opens.getTime() + times[i] * 60_000);
    logged.push({
      id: await logCatch(demo, seeded, c.angler, c.species, size, i === 0 || demo.rng.chance(0.5) ? 'released' : 'kept', at),
      at,
      mine: i === 0,
      angler: c.angler,
      species: c.species,
      size,
    });
  }
  // Early on, a junior and an adult each landed a whiting (the adult a second, smaller one too): judged by now, so the
  // live board has provisional results in both divisions whenever the demo starts at least an hour into fishing (the
  // member's own bream still waits), and the adult places once in Open Whiting under the club's one-placing rule.
  const junior = anglers.find((m) => isJuniorOn(demo.membership, m.dateOfBirth, demo.today) && m.id !== planned[0].angler.id);
  const adult = anglers.find((m) => !isJuniorOn(demo.membership, m.dateOfBirth, demo.today));
  for (const [angler, size, minutes] of [
    [junior, 29.5, 20],
    [adult, 33, 25],
    [adult, 31, 40],
  ] as const) {
    if (!angler) continue;
    const at = new Date(hours.opens.getTime() + minutes * 60_000);
    logged.push({
      id: await logCatch(demo, seeded, angler, 'Whiting', size, 'released', at),
      at,
      mine: false,
      angler,
      species: 'Whiting',
      size,
    });
  }
  // The judges keep up during the day: catches logged over half an hour ago are checked (the member's own still waits).
  logged.sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const c of logged) {
    const judgedAt = new Date(c.at.getTime() + 30 * 60_000);
    if (c.mine || judgedAt.getTime() > demo.now.getTime() - 10 * 60_000) continue;
    await demo.at(judgedAt, () => demo.services.judging.judge(demo.em, demo.admin.actor, { action: 'approve', id: c.id }));
  }
  await seedTwoToLookAt(demo, seeded, anglers, logged);
}

/**
 * Two of today's catches for the judge to look at closely, logged late in the morning and still waiting: a photo with
 * the camera's make and time but no position (location off for the camera), and a mate's photo of a fish logged
 * earlier today, sent again from another phone by a messaging app (resized, its metadata gone), claiming that fish.
 */
async function seedTwoToLookAt(
  demo: DemoContext,
  seeded: SeededEvent,
  anglers: Member[],
  logged: { id: string; at: Date; mine: boolean; angler: Member; species: string; size: number }[],
) {
  // A random source of their own: the catches, news and the rest of the demo stay as they were without them.
  const rng = randomSource(4417);
  const { closes } = fishingWindow(seeded.event);
  const late = (minutesAgo: number) => new Date(Math.min(demo.now.getTime() - minutesAgo * 60_000, closes.getTime() - 10 * 60_000));
  const earliest = logged.find((c) => !c.mine);
  const others = anglers.filter((m) => m.id !== earliest?.angler.id);
  // A day with too few entrants for a mate's copy has neither.
  if (!earliest || others.length < 2) return;
  await logCatch(demo, seeded, others[0], 'Flathead', 41.5, 'kept', late(40), 'noPlace', { rng });
  const copy = await sharp(demo.photosByCatch.get(earliest.id)!).resize(900).jpeg({ quality: 80 }).toBuffer();
  await logCatch(demo, seeded, others[others.length - 1], earliest.species, earliest.size, 'released', late(25), undefined, {
    rng,
    photo: copy,
  });
}
