import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_CLUB_DOCUMENTS, EXAMPLE_CLUB_PROFILE, EXAMPLE_COMPETITION_RULES } from '../../src/shared/club-example';
import { monthBounds, monthLabel, monthOf } from '../../src/shared/competition';
import { withClubFacts } from '../../src/shared/documents';
import { EXAMPLE_CLUB_SPECIES as CLUB_SPECIES } from '../../src/shared/club-example';
import { categoriesOf } from '../../src/shared/species';
import { clubToday, formatAuDate } from '../../src/shared/dates';
import { AuditLog, PictureVote } from '../../src/server/db/entities';
import { createAdmin, createMember, createUser, logCatch } from '../support/factories';
import { startTestApp, type TestApp, type TestClient } from '../support/test-app';

// The fish picture of the month: current members vote once a month for the best approved catch photo of
// that month, never their own; the committee closes the month, which names the winner.

let t: TestApp;
let admin: TestClient;

beforeAll(async () => {
  t = await startTestApp();
  admin = (await createAdmin(t)).client;
});
afterAll(() => t?.close());

/** A catch logged by the committee for an entrant (the committee logs at any time); approved unless said otherwise. */
async function logged(
  eventId: string,
  memberId: string,
  fishType: string,
  size: string,
  verdict: 'approve' | 'reject' | 'pending' = 'approve',
) {
  const id = await logCatch(t, admin, { eventId, memberId, fishType, size, gps: null });
  if (verdict === 'approve') await admin.trpc.admin.catches.judge.mutate({ id, action: 'approve' });
  if (verdict === 'reject') await admin.trpc.admin.catches.judge.mutate({ id, action: 'reject', reason: 'No brag mat in the photo.' });
  return id;
}

describe('the fish picture of the month', () => {
  it('takes one vote per current member for an approved photo not their own, and the committee names the winner', async () => {
    const today = clubToday(t.clock.now());
    const month = monthOf(t.clock.now());
    const label = monthLabel(month);
    // Fishing at the dawn round is over; at the all-day round it is still open (its photos wait).
    const dawn = await admin.trpc.admin.events.create.mutate({
      name: 'Dawn Round',
      location: 'Fingal Head',
      eventDate: `${today}T00:00`,
      fishingStart: '00:00',
      fishingEnd: '00:01',
    });
    const allDay = await admin.trpc.admin.events.create.mutate({
      name: 'All Day Round',
      location: 'Kingscliff',
      eventDate: `${today}T00:00`,
      fishingStart: '00:00',
      fishingEnd: '23:59',
    });
    const anna = await createMember(t, { firstName: 'Anna', lastName: 'Angler' });
    const ben = await createMember(t, { firstName: 'Ben', lastName: 'Bream' });
    const cara = await createMember(t, { firstName: 'Cara', lastName: 'Cast' });
    const dan = await createMember(t, { firstName: 'Dan', lastName: 'Drift' });
    const a1 = await logged(dawn.id, anna.memberId, 'Flathead', '52');
    const b1 = await logged(dawn.id, ben.memberId, 'Bream', '31');
    const c1 = await logged(dawn.id, cara.memberId, 'Whiting', '29');
    const waiting = await logged(dawn.id, cara.memberId, 'Tailor', '40', 'pending');
    const rejected = await logged(dawn.id, ben.memberId, 'Tailor', '41', 'reject');
    const stillFishing = await logged(allDay.id, ben.memberId, 'Mulloway', '80');
    // Dan logged Cara's whiting on his phone: it is his own photo too.
    await t.em().execute('update catches set submitted_by_id = ? where id = ?', [dan.userId, c1]);

    // What a member sees: the photos of the month whose fishing has closed, their own marked, nobody's tally.
    const seen = await anna.client.trpc.pictureOfMonth.month.query();
    expect(seen).toMatchObject({
      month,
      monthLabel: label,
      closed: false,
      winner: null,
      waitingForFishingToClose: 1,
      myVoteCatchId: null,
      cannotVote: null,
      prize: EXAMPLE_COMPETITION_RULES.pictureOfMonthPrize.text,
    });
    expect(seen.candidates.map((c) => [c.catchId, c.anglerName, c.mine])).toEqual([
      [a1, 'Anna Angler', true],
      [b1, 'Ben Bream', false],
      [c1, 'Cara Cast', false],
    ]);
    expect(seen.candidates[0]).toMatchObject({
      species: 'Flathead',
      sizeCm: 52,
      eventName: 'Dawn Round',
      thumbnailUrl: expect.stringMatching(/-thumb\.webp$/),
    });
    expect(JSON.stringify(seen)).not.toMatch(/votes|latitude|gps/i);
    expect((await dan.client.trpc.pictureOfMonth.month.query()).candidates.find((c) => c.catchId === c1)?.mine).toBe(true);

    const vote = (client: TestClient, catchId: string) => client.mutation('pictureOfMonth.vote', { catchId });
    expect(await vote(anna.client, a1)).toMatchObject({
      status: 400,
      body: { message: 'That is your own catch: vote for someone else’s photo.' },
    });
    expect((await vote(dan.client, c1)).status).toBe(400);
    expect(await vote(dan.client, waiting)).toMatchObject({
      status: 400,
      body: { message: 'Only photos of catches the judges have approved can be voted for.' },
      fieldErrors: { catchId: 'Only photos of catches the judges have approved can be voted for.' },
    });
    expect((await vote(dan.client, rejected)).status).toBe(400);
    expect(await vote(dan.client, stillFishing)).toMatchObject({
      status: 400,
      body: { message: 'This photo can be voted for once fishing at All Day Round closes (11:59 pm).' },
    });
    // Only current members vote: not an account without a membership, not a lapsed member, not a visitor.
    const noMembership = await createUser(t);
    const lapsed = await createMember(t, { status: 'expired' });
    const onlyMembers = 'Only current club members can vote for the picture of the month. Join or renew your membership first.';
    expect(await vote(noMembership.client, a1)).toMatchObject({ status: 403, body: { message: onlyMembers } });
    expect(await vote(lapsed.client, a1)).toMatchObject({ status: 403, body: { message: onlyMembers } });
    expect((await vote(t.client(), a1)).status).toBe(401);
    expect((await lapsed.client.trpc.pictureOfMonth.month.query()).cannotVote).toBe(onlyMembers);
    expect(await vote(dan.client, 'not-a-catch')).toMatchObject({ status: 400, body: { message: 'That is not a valid catch id.' } });
    expect(await t.em().count(PictureVote, {})).toBe(0);

    // One vote a month: the same vote again is a retry; another is refused with a sentence.
    expect((await vote(dan.client, a1)).status).toBe(200);
    t.clock.advance(60_000);
    const again = await dan.client.trpc.pictureOfMonth.vote.mutate({ catchId: a1 });
    expect(again).toMatchObject({
      myVoteCatchId: a1,
      cannotVote: `You have voted for the picture of ${label}: one vote per member per month.`,
    });
    expect(await vote(dan.client, b1)).toMatchObject({
      status: 409,
      body: { message: `You have already voted for the picture of ${label} (Anna Angler’s Flathead). One vote per member per month.` },
    });
    // Two votes each: Ben's bream reaches two first, so it wins the tie.
    await anna.client.trpc.pictureOfMonth.vote.mutate({ catchId: b1 });
    t.clock.advance(60_000);
    await cara.client.trpc.pictureOfMonth.vote.mutate({ catchId: b1 });
    t.clock.advance(60_000);
    await ben.client.trpc.pictureOfMonth.vote.mutate({ catchId: a1 });
    t.clock.advance(60_000);
    expect(await t.em().count(PictureVote, { month })).toBe(4);

    // The committee closes the month once it has ended.
    const { end } = monthBounds(month);
    const early = await admin.mutation('admin.pictureOfMonth.close', { month });
    expect(early).toMatchObject({
      status: 409,
      body: {
        message: `Voting for the picture of ${label} stays open until the month ends: it can be closed from ${formatAuDate(clubToday(end))}.`,
      },
    });
    expect((await anna.client.mutation('admin.pictureOfMonth.close', { month })).status).toBe(403);
    const overview = await admin.trpc.admin.pictureOfMonth.overview.query();
    expect(overview.find((m) => m.month === month)).toMatchObject({
      closed: false,
      totalVotes: 4,
      cannotClose: expect.stringContaining('stays open'),
    });
    expect(overview.find((m) => m.month === month)!.tally.map((c) => [c.anglerName, c.votes])).toEqual([
      ['Anna Angler', 2],
      ['Ben Bream', 2],
    ]);

    t.clock.advance(end.getTime() - t.clock.now().getTime() + 3_600_000);
    const closed = await admin.trpc.admin.pictureOfMonth.close.mutate({ month });
    expect(closed).toMatchObject({
      closed: true,
      closedByName: 'Ada Min',
      totalVotes: 4,
      winner: { catchId: b1, anglerName: 'Ben Bream', species: 'Bream', sizeCm: 31, eventName: 'Dawn Round', votes: 2 },
    });
    // Closing again (a double tap) changes nothing; the closing is audited once, with the winner.
    await admin.trpc.admin.pictureOfMonth.close.mutate({ month });
    const audit = await t.em().find(AuditLog, { entityType: 'PictureMonth', entityId: month });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'pictureOfMonth.close',
      after: { totalVotes: 4, winner: { catchId: b1, anglerName: 'Ben Bream', votes: 2 } },
    });

    // A closed month takes no more votes.
    const latecomer = await createMember(t, { firstName: 'Eve', lastName: 'Late' });
    expect(await vote(latecomer.client, c1)).toMatchObject({
      status: 409,
      body: { message: `Voting for the picture of ${label} has closed.` },
    });
    expect(await latecomer.client.trpc.pictureOfMonth.month.query({ month })).toMatchObject({
      closed: true,
      cannotVote: `Voting for the picture of ${label} has closed.`,
      winner: { anglerName: 'Ben Bream' },
    });

    // Everyone sees the winner: the public home and the presentation.
    const winner = await t.client().trpc.pictureOfMonth.winner.query();
    expect(winner).toMatchObject({
      month,
      monthLabel: label,
      prize: '$100 voucher',
      winner: { anglerName: 'Ben Bream', votes: 2, photoUrl: expect.stringMatching(/^\/api\/objects\/images\/[0-9a-f-]{36}\.webp$/) },
    });
    expect(await t.client().trpc.pictureOfMonth.winner.query({ month: '2001-01' })).toBeNull();
    expect((await t.client().mutation('pictureOfMonth.vote', { catchId: a1 })).status).toBe(401);
  });

  it("is the prize the example club's competition rules give, as its rules document says", () => {
    const rules = withClubFacts(EXAMPLE_CLUB_DOCUMENTS.competition_rules.content, {
      club: EXAMPLE_CLUB_PROFILE,
      competition: EXAMPLE_COMPETITION_RULES,
      categories: categoriesOf(CLUB_SPECIES),
    });
    expect(rules).toContain(`Fish picture of the month: ${EXAMPLE_COMPETITION_RULES.pictureOfMonthPrize.text}.`);
  });
});
