import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog, Member, SiteSetting } from '../../src/server/db/entities';
import { eventTomorrowMessage } from '../../src/server/emails/notifications.emails';
import { EXAMPLE_CLUB_SPECIES as CLUB_SPECIES } from '../../src/shared/club-example';
import { categoriesOf } from '../../src/shared/species';
import { chatGreeting } from '../../src/shared/chat';
import { EXAMPLE_CLUB_DOCUMENTS, EXAMPLE_COMPETITION_RULES } from '../../src/shared/club-example';
import { clubToday } from '../../src/shared/dates';
import { acceptedVersions, documentsEdit, withClubFacts, type ClubDocumentsEdit } from '../../src/shared/documents';
import { createAdmin } from '../support/factories';
import { FakePayPal } from '../support/fake-paypal';
import { joinForm } from '../support/join-form';
import { BAY_CLUB, BAY_COMPETITION } from '../support/second-club';
import { signedInClient, startTestApp, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let admin: TestClient;
const paypal = new FakePayPal();

beforeAll(async () => {
  const apiBase = await paypal.start();
  t = await startTestApp({
    env: {
      ADMIN_EMAILS: 'sec@club.test',
      PAYPAL_CLIENT_ID: paypal.clientId,
      PAYPAL_CLIENT_SECRET: paypal.clientSecret,
      PAYPAL_API_BASE: apiBase,
    },
  });
  admin = (await createAdmin(t, { email: 'sec@club.test', firstName: 'Sue', lastName: 'Secretary' })).client;
});
afterAll(async () => {
  await t?.close();
  await paypal.stop();
});

const today = () => clubToday(t.clock.now());
const orderBody = (amount: string) => ({ amount, currency: 'AUD', intent: 'CAPTURE' });
const capture = (client: TestClient, orderId: string) => client.json('POST', `/paypal/order/${orderId}/capture`, {});
const save = (documents: ClubDocumentsEdit) => admin.trpc.admin.club.saveDocuments.mutate({ documents });
const edited = (change: (edit: ClubDocumentsEdit) => void) => {
  const edit = structuredClone(documentsEdit(EXAMPLE_CLUB_DOCUMENTS));
  change(edit);
  return edit;
};
const filled = async (text: string) => {
  const [club, competition] = await Promise.all([t.client().trpc.club.profile.query(), t.client().trpc.club.competition.query()]);
  return withClubFacts(text, { club, competition, categories: categoriesOf(CLUB_SPECIES) });
};

describe("the club's documents, saved in Admin → Club settings", () => {
  it("read as the example club's until the club saves its own", async () => {
    expect(await t.client().trpc.club.documents.query()).toEqual(EXAMPLE_CLUB_DOCUMENTS);
  });

  it('keep every version when nothing but a description or the required flag changed, audited before and after', async () => {
    const edit = edited((e) => {
      e.mission_values.description = 'What we stand for.';
      e.mission_values.required = false;
    });
    const saved = await save(edit);
    expect(Object.values(saved).map((d) => d.version)).toEqual(['2026-07-01', '2026-07-01', '2026-07-01', '2026-07-01']);
    expect(saved.mission_values.description).toBe('What we stand for.');
    expect(await t.client().trpc.club.documents.query()).toEqual(saved);
    const [audit] = await t.em().find(AuditLog, { action: 'club.documents.save' });
    // The first save of the club's own: nothing stored before it (the example's words were read).
    expect(audit).toMatchObject({ entityId: 'club_documents', before: null, after: saved });
  });

  it('refuse an empty title or words with a sentence naming the field, and change nothing', async () => {
    const before = await t.em().findOneOrFail(SiteSetting, { settingKey: 'club_documents' });
    const audits = await t.em().count(AuditLog, { action: 'club.documents.save' });
    const cases: [ClubDocumentsEdit, string, string][] = [
      [
        edited((e) => (e.code_of_conduct.content = '  ')),
        'documents.code_of_conduct.content',
        'The code of conduct needs its words: it cannot be empty.',
      ],
      [edited((e) => (e.waiver.title = '')), 'documents.waiver.title', 'The waiver needs a title.'],
      [
        edited((e) => (e.mission_values.content = 'x'.repeat(20_001))),
        'documents.mission_values.content',
        "The mission and values's content must be at most 20,000 characters.",
      ],
    ];
    for (const [documents, field, message] of cases)
      await expect(save(documents)).rejects.toMatchObject({ data: { httpStatus: 400, fieldErrors: { [field]: message } } });
    expect((await t.client().mutation('admin.club.saveDocuments', { documents: documentsEdit(EXAMPLE_CLUB_DOCUMENTS) })).status).toBe(401);
    expect(await t.em().count(AuditLog, { action: 'club.documents.save' })).toBe(audits);
    expect((await t.em().findOneOrFail(SiteSetting, { settingKey: 'club_documents' })).settingValue).toBe(before.settingValue);
  });

  it('make a new version of changed words: a member who accepted the old one is asked again, and their payment waits for it', async () => {
    // Vera joins with the documents as they stand and orders her membership.
    const visitor = t.client();
    const form = joinForm(today(), { firstName: 'Vera', lastName: 'Version' });
    expect((await visitor.mutation('members.register', form)).status).toBe(200);
    const order = await visitor.json('POST', '/paypal/order', orderBody('40.00'));
    expect(order.status).toBe(200);

    // The committee rewrites the code of conduct before she pays.
    const saved = await save(edited((e) => (e.code_of_conduct.content = '1. Be kind. Treat every angler with respect.')));
    expect(saved.code_of_conduct.version).toBe(today());
    expect(saved.waiver.version).toBe('2026-07-01');
    // Saved again the same day with other words: the next of the day's versions.
    const again = await save(edited((e) => (e.code_of_conduct.content = '1. Be kind. Treat every angler and the fish with respect.')));
    expect(again.code_of_conduct.version).toBe(`${today()}.2`);
    const audit = await t.em().find(AuditLog, { action: 'club.documents.save' }, { orderBy: { createdAt: 'desc' }, limit: 1 });
    expect(audit[0]).toMatchObject({ before: saved, after: again });

    const captures = paypal.callsTo(/\/capture$/).length;
    const refused = await capture(visitor, order.body.id!);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain("Vera must read and accept the club's Code of Conduct.");
    expect(paypal.callsTo(/\/capture$/).length).toBe(captures);
    const member = await t.em().findOneOrFail(Member, { email: form.email });
    expect(member.status).toBe('pending');

    // Her portal asks for the new version; she accepts it and pays.
    const { client: vera } = await signedInClient(t, form.email, { firstName: 'Vera', lastName: 'Version' });
    expect((await vera.trpc.members.profile.query())?.documentsToAccept).toEqual(['code_of_conduct']);
    // The versions a page showed before the change are refused: the new words must be the ones accepted.
    expect((await vera.mutation('members.acceptDocuments', { documentsAccepted: acceptedVersions(EXAMPLE_CLUB_DOCUMENTS) })).status).toBe(
      400,
    );
    expect((await vera.mutation('members.acceptDocuments', { documentsAccepted: acceptedVersions(again) })).status).toBe(200);
    expect((await vera.trpc.members.profile.query())?.documentsToAccept).toEqual([]);
    const paid = await vera.json('POST', '/paypal/order', orderBody('40.00'));
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect((await capture(vera, paid.body.id!)).status).toBe(200);
    expect((await t.em().findOneOrFail(Member, { id: member.id }, { refresh: true })).status).toBe('active');
  });

  it('refuse a join form that accepted an outdated version, naming the documents', async () => {
    const documents = await t.client().trpc.club.documents.query();
    const stale = joinForm(today(), {
      firstName: 'Olly',
      lastName: 'Outdated',
      documentsAccepted: acceptedVersions(EXAMPLE_CLUB_DOCUMENTS),
    });
    const before = await t.em().count(Member, {});
    const refused = await t.client().mutation('members.register', stale);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      message: 'Please read and accept Competition Rules & Waiver, Code of Conduct and Club Competition Rules.',
    });
    expect(await t.em().count(Member, {})).toBe(before);
    const fresh = joinForm(today(), { firstName: 'Olly', lastName: 'Outdated', documentsAccepted: acceptedVersions(documents) });
    expect((await t.client().mutation('members.register', fresh)).status).toBe(200);
  });

  it('say what the competition settings say: a changed entry fee shows in the competition rules document', async () => {
    const rules = (await t.client().trpc.club.documents.query()).competition_rules;
    expect(await filled(rules.content)).toContain('Entry fee: $10 per entrant, $15 for non-members.');
    await admin.trpc.admin.club.saveCompetition.mutate({
      ...EXAMPLE_COMPETITION_RULES,
      entryFeesCents: { member: 1200, nonMember: 1800, junior: null },
    });
    const words = await filled(rules.content);
    expect(words).toContain('Entry fee: $12 per entrant, $18 for non-members.');
    expect(words).not.toMatch(/\{\w+\}/);
    // The assistant answers from the same words.
    const reply = await t.client().trpc.chat.ask.mutate({ message: 'How much is the competition entry fee?' });
    expect(reply.response).toContain('$12 per entrant, $18 for non-members');
  });
});

describe("a club in Queensland's pages and e-mails", () => {
  beforeAll(async () => {
    await admin.trpc.admin.club.saveProfile.mutate(BAY_CLUB);
    await admin.trpc.admin.club.saveCompetition.mutate(BAY_COMPETITION);
    // The example's code of conduct again, with its clause on the state's fishery laws.
    await save(documentsEdit(EXAMPLE_CLUB_DOCUMENTS));
  });

  it('never say NSW: the code of conduct, the chat greeting, the licence answer and the reminder speak of Queensland', async () => {
    const documents = await t.client().trpc.club.documents.query();
    const all = await filled(
      Object.values(documents)
        .map((d) => `${d.title}\n${d.description}\n${d.content}`)
        .join('\n'),
    );
    expect(all).not.toContain('NSW');
    expect(all).toContain('Members comply with QLD fishery laws at all times');
    expect(all).toContain('hold a Stocked Impoundment Permit (SIPS) whenever they fish a stocked impoundment');

    const greeting = chatGreeting(await t.client().trpc.club.profile.query());
    expect(greeting).not.toContain('NSW');
    expect(greeting).toContain('fishing permits in Queensland');

    const licence = await t.client().trpc.chat.ask.mutate({ message: 'Do I need a fishing licence?' });
    expect(licence.response).not.toContain('NSW');
    expect(licence.response).toContain('no general recreational fishing licence');
    expect(licence.links.map((l) => l.url).join(' ')).not.toContain('nsw.gov.au');

    const reminder = await eventTomorrowMessage(BAY_CLUB, {
      readerFirstName: 'Ada',
      entrantFirstName: null,
      entrantAge: 40,
      eventName: 'Bay Cup',
      location: 'Redcliffe Jetty',
      start: t.clock.now(),
      fishingHours: '6:00 am to 1:00 pm',
      portalUrl: 'http://club.test/member',
    });
    expect(reminder.text).not.toContain('NSW');
    expect(reminder.text).toContain('no general fishing licence (Queensland needs none)');
  });
});
