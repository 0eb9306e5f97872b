import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { addDays, clubLocalToInstant, clubToday } from '../../src/shared/dates';
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

async function resultsPdf(eventId: string): Promise<string> {
  const res = await admin.fetch(`/api/admin/reports/events/${eventId}/results.pdf`);
  expect(res.status).toBe(200);
  const pdf = await getDocumentProxy(new Uint8Array(await res.arrayBuffer()));
  return (await extractText(pdf, { mergePages: true })).text;
}

async function resultsCsv(eventId: string): Promise<string> {
  const res = await admin.fetch(`/api/admin/reports/events/${eventId}/results.csv`);
  expect(res.status).toBe(200);
  return res.text();
}

describe("results, the ladder and the results PDF and CSV say 'Provisional' while catches wait for the judges or fishing is open", () => {
  it('counts the waiting catches, says when fishing is still open, and the mark goes once fishing has closed and every catch is judged', async () => {
    const event = await admin.trpc.admin.events.create.mutate({
      name: 'Tailor Tussle',
      location: 'Jack Evans Boat Harbour',
      eventDate: `${today}T00:05`,
      fishingStart: '00:00',
      fishingEnd: '23:59',
    });
    const [tess, tom] = await Promise.all([
      createMember(t, { firstName: 'Tess', lastName: 'Tailor' }),
      createMember(t, { firstName: 'Tom', lastName: 'Trevally' }),
    ]);
    const first = await logCatch(t, tess.client, { eventId: event.id, memberId: tess.memberId, fishType: 'Tailor', size: '41.5' });
    const second = await logCatch(t, tom.client, { eventId: event.id, memberId: tom.memberId, fishType: 'Tailor', size: '38' });
    const third = await logCatch(t, tom.client, { eventId: event.id, memberId: tom.memberId, fishType: 'Bream', size: '30' });
    const year = Number(today.slice(0, 4));
    const visitor = t.client().trpc;

    await admin.trpc.admin.catches.judge.mutate({ id: first, action: 'approve' });
    expect(await visitor.catches.results.query({ id: event.id })).toMatchObject({ pending: 2 });
    expect(await visitor.catches.ladderStatus.query({ year })).toEqual({ year, pending: 2 });
    let pdf = await resultsPdf(event.id);
    expect(pdf).toContain('Provisional — 2 catches waiting for judging');
    expect(pdf).toContain('Tess Tailor');
    // The export marks each line as the screens mark the results, and says what they wait for.
    let csv = await resultsCsv(event.id);
    expect(csv).toContain('Event,Division,Category,Place,Angler,Size (cm),Points,Prize,Status\r\n');
    expect(csv).toContain('Tailor Tussle,Open,Tailor,1,Tess Tailor,41.5,3,$100 tackle voucher,Provisional\r\n');
    expect(csv).toContain('\r\nProvisional — 2 catches waiting for judging\r\n');

    await admin.trpc.admin.catches.judge.mutate({ id: second, action: 'approve' });
    expect(await visitor.catches.results.query({ id: event.id })).toMatchObject({ pending: 1 });
    expect(await resultsPdf(event.id)).toContain('Provisional — 1 catch waiting for judging');

    await admin.trpc.admin.catches.judge.mutate({ id: third, action: 'reject', reason: 'The fish is not on the brag mat.' });
    expect(await visitor.catches.results.query({ id: event.id })).toMatchObject({ pending: 0 });
    expect(await visitor.catches.ladderStatus.query({ year })).toEqual({ year, pending: 0 });
    // Every catch is judged, but fishing is open until 11:59 pm: more catches may come.
    pdf = await resultsPdf(event.id);
    expect(pdf).toContain('Provisional — fishing is still open');
    expect(pdf).toContain('Tom Trevally');
    csv = await resultsCsv(event.id);
    expect(csv).toContain('Tailor Tussle,Open,Tailor,2,Tom Trevally,38,2,$50 tackle voucher,Provisional\r\n');
    expect(csv).toContain('\r\nProvisional — fishing is still open\r\n');

    // Fishing has closed and every catch is judged: Final, on the board, the PDF and the CSV alike.
    t.clock.advance(clubLocalToInstant(`${addDays(today, 1)}T00:30`).getTime() - t.clock.now().getTime());
    expect((await visitor.catches.liveBoard.query({ id: event.id })).status).toBe('final');
    expect(await resultsPdf(event.id)).not.toContain('Provisional');
    csv = await resultsCsv(event.id);
    expect(csv).toContain('Tailor Tussle,Open,Tailor,1,Tess Tailor,41.5,3,$100 tackle voucher,Final\r\n');
    expect(csv).not.toContain('Provisional');
    // Other years' ladders are not held up by this season's catches.
    expect(await visitor.catches.ladderStatus.query({ year: year - 1 })).toEqual({ year: year - 1, pending: 0 });
  });
});
