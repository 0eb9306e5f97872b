import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addYears, clubToday, formatAuDate, instantToClubLocal } from '../../src/shared/dates';
import { ABOUT_SOMEONE_ELSE, SIGN_IN_FIRST } from '../../src/server/assistant/assistant.service';
import { createMember, createUser } from '../support/factories';
import { signedInClient, startTestApp, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let admin: TestClient;
const ask = async (message: string, client = t.client()) => client.trpc.chat.ask.mutate({ message });
const inDays = (days: number, time: string) =>
  `${instantToClubLocal(new Date(t.clock.now().getTime() + days * 86_400_000)).slice(0, 10)}T${time}`;

beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: 'web@club.test' } });
  admin = (await signedInClient(t, 'web@club.test')).client;
  await admin.trpc.admin.events.create.mutate({
    name: 'Flathead Classic',
    location: 'Jack Evans Boat Harbour',
    eventDate: inDays(10, '07:00'),
    registrationFee: '10',
    maxParticipants: 40,
  });
  await admin.trpc.admin.events.create.mutate({ name: 'Bream Bash', location: 'Chinderah', eventDate: inDays(24, '06:30') });
  await admin.trpc.admin.cms.pages.create.mutate({
    title: 'Club History',
    slug: 'club-history',
    content: '<p>The club was founded in 1978 by a group of Kingscliff anglers who met at the bowls club.</p>',
    published: true,
  });
  await admin.trpc.admin.cms.settings.save.mutate({
    settingKey: 'contact_email',
    settingValue: 'secretary@tweedanglers.example',
    settingType: 'text',
  });
});
afterAll(() => t?.close());

/** Real questions and the facts each answer must contain (and the page it must link to). */
const QUESTIONS: [string, string[], string?][] = [
  ['How much is junior membership?', ['$30.00', 'under 16'], '/public'],
  ['What does it cost for my kids to join?', ['$30.00']],
  ['How much is it for a junior to join?', ['$30.00'], '/public'],
  ['adult membership price', ['$40.00'], '/public'],
  ['How much is a family membership?', ['$120.00', '2 adults and 3 juniors']],
  ['How do I join the club?', ['registration form', 'PayPal']],
  ['How do I renew my membership?', ['Renew Membership']],
  ['When is the Flathead Classic?', ['Flathead Classic', 'Jack Evans Boat Harbour'], '/member?tab=events'],
  ['What is the entry fee for the Flathead Classic?', ['$10.00']],
  ['Where is the Bream Bash held?', ['Chinderah']],
  ['What events are coming up?', ['Flathead Classic', 'Bream Bash']],
  ['How do I register for a competition?', ['Register Now']],
  ['What time does fishing start and finish on competition day?', ['7am to 2pm']],
  ['When is the presentation?', ['4pm']],
  ['Can I fish offshore in a club competition?', ['No offshore']],
  ['What are the prizes?', ['$100', '$50', '$25']],
  ['How many champion points for second place?', ['2 for second']],
  ['What are the competition categories?', ['Mulloway, Whiting, Bream, Flathead, Mangrove Jack, Trevally, Tailor']],
  ['What happens if someone tampers with a photo?', ['disqualification', '12 months']],
  ['What is the entry fee for non-members?', ['$15 for non-members']],
  [
    'Do I need a fishing licence?',
    ['NSW recreational fishing licence'],
    'https://www.dpi.nsw.gov.au/fishing/recreational/fishing-fees-and-licences',
  ],
  ['what is the legal size for flathead', ['36 cm']],
  ['How big does a jewfish have to be to keep it?', ['70 cm']],
  ['minimum length for bream', ['25 cm']],
  ['mangrove jack size limit', ['35 cm']],
  ['How much does it cost to sponsor the club?', ['$1,000.00', '$500.00'], '/sponsor'],
  ['What do website sponsors get?', ['Homepage logo placement']],
  ['How do I contact the committee?', ['secretary@tweedanglers.example']],
  ['Is there a code of conduct?', ['11 rules']],
  ['What does the waiver say about liability?', ['release']],
  ['How do I log a catch with a photo?', ['brag mat', 'club code'], '/member?tab=fish-logging'],
  ['When was the club founded?', ['1978'], '/pages/club-history'],
  ['Where do I find the bag limits?', ['bag']],
];

/** Questions it must decline: not in the club's content. */
const DECLINES = [
  'What is the weather going to be tomorrow?',
  'Who won the football last night?',
  'What is the best lure for marlin in Hawaii?',
  'Can you write me a poem about cats?',
  'How much is the annual dinner dance ticket?',
];

describe('the fishing assistant', () => {
  it.each(QUESTIONS)('answers %j from the club content', async (question, facts, link) => {
    const reply = await ask(question);
    for (const fact of facts) expect(reply.response, question).toContain(fact);
    if (link)
      expect(
        reply.links.map((l) => l.url),
        question,
      ).toContain(link);
  });

  it.each(DECLINES)('declines %j and points to the committee', async (question) => {
    const reply = await ask(question);
    expect(reply.response).toBe(
      "Sorry, I don't know that one. I only answer from the club's own information, so please ask the committee at secretary@tweedanglers.example.",
    );
    expect(reply.links).toEqual([{ title: 'E-mail the committee', url: 'mailto:secretary@tweedanglers.example' }]);
  });

  it('answers each part of a question, and says which part it does not know', async () => {
    const both = await ask('When is the Bream Bash and what is the minimum size for flathead?');
    expect(both.response).toContain('Bream Bash');
    expect(both.response).toContain('Chinderah');
    expect(both.response).toContain('36 cm');
    const half = await ask('What is the size limit for whiting? Can I bring my dog?');
    expect(half.response).toContain('27 cm');
    expect(half.response).toContain(
      "I don't know that (“Can I bring my dog”). Please ask the committee at secretary@tweedanglers.example.",
    );
    expect(half.links.map((l) => l.url)).toContain('mailto:secretary@tweedanglers.example');
  });

  it("answers a signed-in member about their own membership and entries, and nobody else's", async () => {
    const today = clubToday(t.clock.now());
    const me = await createMember(t, { firstName: 'Dana', lastName: 'Whitfield' });
    const other = await createMember(t, { firstName: 'Graham', lastName: 'Fletcher', signedIn: false });
    const events = await t.client().trpc.events.upcoming.query();
    await me.client.trpc.events.register.mutate({ id: events.find((e) => e.name === 'Bream Bash')!.id });

    const expiry = formatAuDate(addYears(today, 1));
    expect((await ask('When does my membership end?', me.client)).response).toContain(`paid up until ${expiry}`);
    expect((await ask('Am I paid up?', me.client)).response).toContain(`paid up until ${expiry}`);
    const entries = (await ask('Which events am I entered in?', me.client)).response;
    expect(entries).toContain('Bream Bash');
    expect(entries).not.toContain('Flathead Classic');
    expect((await ask('Am I entered in the Flathead Classic?', me.client)).response).toMatch(
      /^No, you are not entered in Flathead Classic/,
    );

    for (const question of [
      "When does Graham Fletcher's membership end?",
      'Is Graham Fletcher paid up?',
      'Who is entered in the Bream Bash?',
      "What is my neighbour's phone number?",
    ]) {
      const reply = await ask(question, me.client);
      expect(reply.response, question).toBe(ABOUT_SOMEONE_ELSE);
      expect(reply.response).not.toContain(formatAuDate(addYears(today, 1)));
    }
    // Signed out: the same refusal about others, and a pointer to sign in about oneself.
    expect((await ask("When does Graham Fletcher's membership end?")).response).toBe(ABOUT_SOMEONE_ELSE);
    const visitor = await ask('When does my membership end?');
    expect(visitor.response).toBe(SIGN_IN_FIRST);
    expect(visitor.links).toEqual([{ title: 'Sign in', url: '/sign-in' }]);
    expect(other.memberId).toBeTruthy();
  });

  it('tells a lapsed member, and an account without a membership, where they stand', async () => {
    const lapsed = await createMember(t, { status: 'expired' });
    const yesterday = formatAuDate(addDays(clubToday(t.clock.now()), -1));
    expect((await ask('Is my membership current?', lapsed.client)).response).toContain(`not paid up: it ended on ${yesterday}`);
    const account = await createUser(t);
    expect((await ask('When does my membership expire?', account.client)).response).toContain('Your account has no club membership yet');
  });

  it('keeps up with the committee: a changed minimum length is what it says next', async () => {
    expect((await ask('What is the size limit for tailor?')).response).toContain('30 cm');
    const list = await t.client().trpc.club.species.query();
    await admin.trpc.admin.club.saveSpecies.mutate({
      ...list,
      species: list.species.map((s) => (s.name === 'Tailor' ? { ...s, minimumCm: 32 } : s)),
    });
    expect((await ask('What is the size limit for tailor?')).response).toContain('32 cm');
  });

  it('answers the REST shim with { response }, refuses blank and over-long messages, and never returns HTML', async () => {
    const res = await t.client().json('POST', '/api/chat/fishing', { message: 'How much is junior membership?' });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['response']);
    expect(res.body.response).toContain('$30.00');
    expect((await t.client().json('POST', '/api/chat/fishing', { message: '   ' })).body.message).toBe('Please type a question.');
    expect((await t.client().json('POST', '/api/chat/fishing', { message: 'x'.repeat(1001) })).body.message).toBe(
      'Questions are at most 1000 characters.',
    );
    expect((await t.client().json('POST', '/api/chat/fishing', {})).status).toBe(400);
  });

  it('limits questions per visitor', async () => {
    const client = t.client();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await client.json('POST', '/api/chat/fishing', { message: 'junior fee?' })).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('with an OpenAI-compatible model', () => {
  let model: Server;
  let received: { authorization?: string; body: { model: string; messages: { role: string; content: string }[] } }[] = [];
  let behaviour: 'ok' | 'slow' | 'error' = 'ok';

  beforeAll(async () => {
    model = createServer((req, res) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => {
        received.push({ authorization: req.headers.authorization, body: JSON.parse(data) });
        if (behaviour === 'error') return void res.writeHead(500).end('{"error":"boom"}');
        const answer = () =>
          res.writeHead(200, { 'content-type': 'application/json' }).end(
            JSON.stringify({
              choices: [{ message: { role: 'assistant', content: 'Juniors pay <b>$30.00</b> a year. Welcome aboard!' } }],
            }),
          );
        if (behaviour === 'slow') setTimeout(answer, 10_000).unref();
        else answer();
      });
    });
    await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => model?.close());

  async function appWithModel() {
    const url = `http://127.0.0.1:${(model.address() as AddressInfo).port}/v1`;
    return startTestApp({ env: { ASSISTANT_API_URL: url, ASSISTANT_API_KEY: 'sk-test', ASSISTANT_MODEL: 'club-model' } });
  }

  it('lets the model word the answer from the retrieved passages, as text', async () => {
    const app = await appWithModel();
    try {
      received = [];
      behaviour = 'ok';
      const reply = await app.client().trpc.chat.ask.mutate({ message: 'How much is junior membership?' });
      expect(reply.response).toBe('Juniors pay $30.00 a year. Welcome aboard!');
      expect(reply.links.map((l) => l.url)).toContain('/public');
      expect(received).toHaveLength(1);
      expect(received[0].authorization).toBe('Bearer sk-test');
      expect(received[0].body.model).toBe('club-model');
      expect(received[0].body.messages[0].content).toContain('Junior membership costs $30.00 a year');
      // Nothing relevant: it declines without asking the model to make something up.
      await app.client().trpc.chat.ask.mutate({ message: 'Who won the football last night?' });
      expect(received).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  it("gives the model only the asker's own facts, and never a question about someone else", async () => {
    const app = await appWithModel();
    try {
      received = [];
      behaviour = 'ok';
      const today = clubToday(app.clock.now());
      const me = await createMember(app, { firstName: 'Dana', lastName: 'Whitfield' });
      await createMember(app, { firstName: 'Graham', lastName: 'Fletcher', status: 'expired', signedIn: false });
      await me.client.trpc.chat.ask.mutate({ message: 'When does my membership end?' });
      expect(received).toHaveLength(1);
      const sent = JSON.stringify(received[0].body.messages);
      expect(sent).toContain(`paid up until ${formatAuDate(addYears(today, 1))}`);
      expect(sent).not.toContain('Fletcher');
      expect(sent).not.toContain(formatAuDate(addDays(today, -1)));

      // About someone else: refused without asking the model.
      const refused = await me.client.trpc.chat.ask.mutate({ message: "When does Graham Fletcher's membership end?" });
      expect(refused.response).toBe(ABOUT_SOMEONE_ELSE);
      expect(received).toHaveLength(1);

      // Both at once: the model is asked only the part it may answer, and never sees the other member's name.
      const mixed = await me.client.trpc.chat.ask.mutate({
        message: "When does Graham Fletcher's membership end and how much is junior membership?",
      });
      expect(received).toHaveLength(2);
      expect(JSON.stringify(received[1].body.messages)).not.toContain('Fletcher');
      expect(received[1].body.messages[1].content).toBe('how much is junior membership');
      expect(mixed.response).toBe(`${ABOUT_SOMEONE_ELSE}\n\nJuniors pay $30.00 a year. Welcome aboard!`);
    } finally {
      await app.close();
    }
  });

  it('falls back to the built-in answer when the model fails or is too slow', async () => {
    const app = await appWithModel();
    try {
      behaviour = 'error';
      expect((await app.client().trpc.chat.ask.mutate({ message: 'How much is junior membership?' })).response).toContain(
        'Junior membership costs $30.00 a year, for members under 16.',
      );
      behaviour = 'slow';
      const started = Date.now();
      expect((await app.client().trpc.chat.ask.mutate({ message: 'How much is junior membership?' })).response).toContain(
        '$30.00 a year, for members under 16',
      );
      expect(Date.now() - started).toBeLessThan(9_900);
    } finally {
      await app.close();
    }
  }, 20_000);
});
