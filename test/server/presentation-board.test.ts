import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, clubLocalToInstant, clubToday } from '../../src/shared/dates';
import { followBoard } from '../support/board-stream';
import { createAdmin, createMember, logCatch } from '../support/factories';
import { startTestApp, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let admin: TestClient;
let today: string;

beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: 'judge@club.test' } });
  admin = (await createAdmin(t, { email: 'judge@club.test' })).client;
  today = clubToday(t.clock.now());
});
afterAll(() => t?.close());

/** What the presentation promises: a decision shows on the screen within 2 s, without a reload. */
const PROMISED_MS = 2_000;

describe("the presentation follows the event's live board stream", () => {
  it('brings a judged catch, the waiting count, the champion points and the mystery fish reveal as they happen', async () => {
    const event = await admin.trpc.admin.events.create.mutate({
      name: 'Presentation Day',
      location: 'Jack Evans Boat Harbour',
      eventDate: `${today}T00:05`,
      fishingStart: '00:00',
      fishingEnd: '23:59',
    });
    const gary = await createMember(t, { firstName: 'Gary', lastName: 'Walsh' });
    await admin.trpc.admin.mysteryFish.set.mutate({ eventId: event.id, species: 'Flathead', length: { kind: 'exact', lengthCm: 50 } });
    const first = await logCatch(t, gary.client, { eventId: event.id, memberId: gary.memberId, fishType: 'Flathead', size: '50' });
    const second = await logCatch(t, gary.client, { eventId: event.id, memberId: gary.memberId, fishType: 'Bream', size: '31' });

    const stream = await followBoard(t.baseUrl, event.id);
    try {
      const opening = await stream.next();
      expect(opening).toMatchObject({ pending: 2, status: 'provisional', categories: [] });
      expect(opening.championPoints).toMatchObject({ year: Number(today.slice(0, 4)), pending: 2, standings: [] });
      // Sealed: nothing of the fish itself.
      expect(opening.mysteryFish).toEqual({ eventId: event.id, eventName: 'Presentation Day', state: 'sealed', prize: '$100 cash' });

      await admin.trpc.admin.catches.judge.mutate({ id: first, action: 'approve' });
      const judged = await stream.next(PROMISED_MS);
      expect(judged).toMatchObject({ pending: 1 });
      expect(judged.categories[0]).toMatchObject({ species: 'Flathead', placings: [{ place: 1, anglerName: 'Gary Walsh', size: 50 }] });
      expect(judged.championPoints).toMatchObject({ pending: 1, standings: [{ anglerName: 'Gary Walsh', division: 'open', points: 3 }] });

      await admin.trpc.admin.catches.judge.mutate({ id: second, action: 'approve' });
      const allJudged = await stream.next(PROMISED_MS);
      expect(allJudged).toMatchObject({ pending: 0, championPoints: { pending: 0, standings: [{ anglerName: 'Gary Walsh', points: 6 }] } });

      // Fishing closes; at the presentation the committee reveals the fish.
      t.clock.advance(clubLocalToInstant(`${addDays(today, 1)}T00:30`).getTime() - t.clock.now().getTime());
      await admin.trpc.admin.mysteryFish.reveal.mutate({ eventId: event.id });
      let revealed = await stream.next(PROMISED_MS);
      // The closing of fishing itself may reach the board first (its photos and 'Final'): the reveal follows it.
      if (revealed.mysteryFish?.state !== 'revealed') revealed = await stream.next(PROMISED_MS);
      expect(revealed.status).toBe('final');
      expect(revealed.mysteryFish).toMatchObject({
        state: 'revealed',
        species: 'Flathead',
        lengthText: '50 cm',
        winner: { anglerName: 'Gary Walsh', sizeCm: 50 },
      });
      expect(stream.raw()).not.toMatch(/latitude|longitude|gps|-28\.26|153\.56/i);
    } finally {
      stream.close();
    }
  });
});
