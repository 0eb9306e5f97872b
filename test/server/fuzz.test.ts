import { createECDH, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import {
  EXAMPLE_CLUB_DOCUMENTS,
  EXAMPLE_CLUB_PROFILE,
  EXAMPLE_CLUB_SPECIES,
  EXAMPLE_COMPETITION_RULES,
  EXAMPLE_MEMBERSHIP_RULES,
} from '../../src/shared/club-example';
import { acceptedGuestVersions, acceptedVersions, documentsEdit } from '../../src/shared/documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { BAD_DATA, databaseErrorOr } from '../../src/server/db/unavailable';
import { User } from '../../src/server/db/entities';
import { AppError } from '../../src/shared/errors';
import { BAD_TEXT_MESSAGE } from '../../src/server/input-text';
import { RATE_RULES, type RateRules } from '../../src/server/platform/rate-limit.service';
import { allProcedures, fillPath, restRoutes, rowCounts, type ProcedureInfo, type RestRoute } from '../support/endpoints';
import { enterEvent } from '../support/factories';
import { activeMemberClient, startTestApp, type TestApp, type TestClient } from '../support/test-app';

/**
 * A deterministic fuzz pass over every tRPC procedure and every REST route, as an admin who is also a paid-up
 * member (so neither sign-in nor role hides a handler): malformed JSON, wrong types, huge bodies, e-mail
 * tricks, path traversal in object keys, SQL-ish and odd Unicode text. Never a 5xx; a 4xx for whatever the
 * input schema refuses; and the refused pass writes nothing.
 */

// ---------- deterministic randomness ----------

/** mulberry32: a tiny seeded PRNG, so a failure replays exactly. */
function seeded(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}
const random = seeded(0x0f15_4ed);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
const sample = <T>(items: readonly T[], n: number): T[] => {
  const pool = [...items];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  return pool.slice(0, n);
};

// ---------- the bad values ----------

const BODY_LIMIT = 1024 * 1024;
const LONG = 'y'.repeat(300_000);
/** Long enough to break every short field, short enough to travel in a URL. */
const LONG_FOR_URL = 'z'.repeat(3000);

/** Addresses that look like someone else's, or are not addresses at all. */
const EMAIL_TRICKS: Record<string, string> = {
  'Cyrillic homoglyph': 'chаir@club.test',
  'Greek homoglyph': 'chair@clυb.test',
  'right-to-left override': 'chair@club.test\u202Etset.live',
  'leading RTL override': '\u202Echair@club.test',
  'trailing NUL': 'chair@club.test\u0000',
  'NUL inside': 'chair\u0000@club.test',
  'a@b.c with NUL': 'a@b.c\u0000',
  'fullwidth @': 'chair\uFF20club.test',
  'zero-width space': 'ch\u200Bair@club.test',
  'IDN in Unicode': 'chair@clüb.test',
  'two @': 'chair@evil.test@club.test',
  'header injection': 'chair@club.test\r\nBcc: all@evil.test',
  'quoted local part': '"chair@club.test"@evil.test',
  comment: 'chair@club.test(evil.test)',
  'trailing dot': 'chair@club.test.',
  'dotless i': 'chaır@club.test',
};
const TRAVERSAL = [
  '../../../etc/passwd',
  '..%2f..%2f..%2fetc%2fpasswd',
  '%2e%2e%2f%2e%2e%2fsecrets.json',
  '/etc/passwd',
  'C:\\Windows\\win.ini',
  '..\\..\\secrets.json',
  'images/../../secrets.json',
  'incoming/../../postgres/pg_hba.conf',
  'images/00000000-0000-4000-8000-000000000000.webp\u0000.png',
  '....//....//etc/passwd',
  'file:///etc/passwd',
  '/api/objects/upload/incoming/00000000-0000-4000-8000-000000000000/../../../secrets.json',
];
const SQLISH = [
  "' OR '1'='1",
  "'; DROP TABLE members; --",
  '1); SELECT pg_sleep(10); --',
  '%',
  '_%_',
  "\\'; --",
  '$1',
  '{{7*7}}',
  '${7*7}',
];
const ODD_TEXT = [
  'a\u0000b',
  '\u0000',
  '\uD800',
  'ok\uDFFF',
  '\u202Egnp.exe',
  'ﬀ🎣\u0301\u0301\u0301',
  '\u200B',
  'İstanbul',
  '<script>alert(1)</script>',
  '',
  '   ',
  '\r\n\t',
];
const DATEISH = [
  '2026-02-30',
  '2026-13-01',
  '0000-00-00',
  '9999-99-99',
  '2026-1-1',
  '2026-02-30T07:00',
  '2026-02-28T25:61',
  '9999-99-99T99:99',
  '-infinity',
  'epoch',
];
const NUMBERISH = [0, -1, 1.5, -0.0001, 1e308, -1e308, 2 ** 31, 2 ** 53 + 1, 'NaN', 'Infinity', '1e9999', '0x10', ' 7 ', '1e3'];
const SHAPES: unknown[] = [
  null,
  true,
  false,
  [],
  [1, 'a', null],
  {},
  { a: { b: { c: [{}] } } },
  JSON.parse('{"__proto__":{"role":"admin"}}'),
  Array.from({ length: 2000 }, () => 0),
];
const STRINGS = [...Object.values(EMAIL_TRICKS), ...TRAVERSAL, ...SQLISH, ...ODD_TEXT, ...DATEISH, LONG];
const VALUES: unknown[] = [...STRINGS, ...NUMBERISH, ...SHAPES];
/** Keys an attacker might add to any object. */
const ODD_KEYS = [
  '__proto__',
  'constructor',
  'role',
  'isAdmin',
  '../x',
  '$where',
  'id',
  'userId',
  'memberId',
  'household',
  'amountCents',
  'status',
];

const MALFORMED_JSON = [
  '{',
  '{"a":',
  '[1,',
  '{"a":1}}',
  "{'a':1}",
  '{"a":undefined}',
  'nul',
  '\u0000',
  '{"a":"\\uD800',
  '{"a":01}',
  '{"a":NaN}',
  '{"a":1,}',
  '{"a" 1}',
  '"unterminated',
];

// ---------- inputs from a procedure's own schema ----------

type Def = { type: string; shape?: Record<string, ZodType>; innerType?: ZodType; in?: ZodType; options?: ZodType[] };
const defOf = (schema: ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The object shape a schema expects (through optional, default, pipe…; one option of a union), if any. */
function shapeOf(schema: ZodType | undefined): Record<string, ZodType> | undefined {
  if (!schema) return undefined;
  const def = defOf(schema);
  if (def.type === 'object') return def.shape;
  if (def.innerType) return shapeOf(def.innerType);
  if (def.type === 'pipe') return shapeOf(def.in);
  if (def.type === 'union') return shapeOf(pick(def.options!));
  return undefined;
}

/** An object with (some of) the schema's own keys, each holding a bad value or a nested bad object. */
function badObject(schema: ZodType | undefined, depth = 0): unknown {
  const shape = shapeOf(schema);
  if (!shape) return pick(VALUES);
  const out: Record<string, unknown> = {};
  const set = (key: string, value: unknown) =>
    Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  for (const [key, field] of Object.entries(shape)) {
    if (random() < 0.25) continue;
    set(key, shapeOf(field) && depth < 2 && random() < 0.5 ? badObject(field, depth + 1) : pick(VALUES));
  }
  if (random() < 0.3) set(pick(ODD_KEYS), pick(VALUES));
  return out;
}

/** Whether the server's schema takes this input, as it arrives (after a JSON round trip). */
function accepts(p: ProcedureInfo, input: unknown): boolean {
  if (!p.input) return true;
  return p.input.safeParse(input === undefined ? undefined : JSON.parse(JSON.stringify(input))).success;
}

// ---------- one request, one verdict ----------

interface Outcome {
  endpoint: string;
  label: string;
  status: number;
  body: string;
}
const failures: string[] = [];
let sent = 0;

/** `expect4xx`: the input is invalid, so the answer must be a client error; otherwise anything but a 5xx. */
function judge(outcome: Outcome, expect4xx: boolean) {
  sent += 1;
  const ok = expect4xx ? outcome.status >= 400 && outcome.status < 500 : outcome.status > 0 && outcome.status < 500;
  if (!ok) failures.push(`${outcome.endpoint} [${outcome.label}] → ${outcome.status} ${outcome.body.slice(0, 160)}`);
}

async function send(
  client: TestClient,
  method: string,
  url: string,
  body?: string | Uint8Array<ArrayBuffer> | FormData,
  type: string | null = 'application/json',
) {
  const headers: Record<string, string> = {};
  if (body !== undefined && type) headers['content-type'] = type;
  try {
    const res = await client.fetch(url, { method, body, headers });
    return { status: res.status, body: await res.text() };
  } catch (error) {
    // No answer at all (the connection dropped): status 0, which `judge` counts as a failure.
    return { status: 0, body: `connection error: ${(error as Error).message}` };
  }
}

const json = (value: unknown) => (value === undefined ? undefined : JSON.stringify(value));
const clip = (value: unknown) => {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined');
  return text.length > 60 ? `${text.slice(0, 60)}…(${text.length})` : text;
};

// ---------- the app under test ----------

const NO_LIMITS = Object.fromEntries(Object.entries(RATE_RULES).map(([k, rule]) => [k, { ...rule, limit: 1e9 }])) as RateRules;
/**
 * Tables a refused request may still write: rate-limit counters count every attempt; a member's card and calendar
 * address are made the first time the portal asks for them (memberCard.mine, calendarFeed.mine take no input).
 */
const MAY_CHANGE = ['rate_limit_buckets', 'member_cards', 'calendar_feeds'];

let t: TestApp;
let admin: TestClient;
let adminUserId: string;
const ids: Record<string, string> = {};
let today: string;

beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: 'chair@club.test' }, rateRules: NO_LIMITS });
  const chair = await activeMemberClient(t, 'chair@club.test', { firstName: 'Chris', lastName: 'Chair' });
  admin = chair.client;
  adminUserId = chair.userId;
  ids.member = (await activeMemberClient(t, 'kim@example.com', { firstName: 'Kim', lastName: 'Kingfish' })).memberId;
  today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(t.clock.now());
  ids.event = (await admin.trpc.admin.events.create.mutate({ name: 'Fuzz Day', location: 'Tweed River', eventDate: `${today}T00:05` })).id;
  ids.futureEvent = (
    await admin.trpc.admin.events.create.mutate({ name: 'Fuzz Cup', location: 'Kingscliff', eventDate: '2099-01-10T07:00' })
  ).id;
  ids.page = (await admin.trpc.admin.cms.pages.create.mutate({ title: 'Fuzz', slug: 'fuzz' })).id;
  ids.section = (
    await admin.trpc.admin.cms.sections.create.mutate({ pageSlug: 'fuzz', sectionKey: 'fuzz_title', title: 'Fuzz', content: 'Fuzz' })
  ).id;
  ids.setting = (await admin.trpc.admin.cms.settings.save.mutate({ settingKey: 'fuzz_setting', settingValue: 'x' })).id;
  ids.news = (await admin.trpc.admin.cms.news.create.mutate({ title: 'Fuzz', content: '<p>Fuzz</p>' })).id;
  await t.client().trpc.sponsors.register.mutate({
    companyName: 'Fuzz Tackle',
    contactPerson: 'Fi Zz',
    email: 'fuzz@tackle.test',
    phone: '0400 000 001',
    sponsorshipType: 'website',
  });
  ids.sponsor = (await admin.trpc.admin.sponsors.list.query())[0].id;
  ids.upload = (await admin.trpc.objects.createUpload.mutate()).uploadURL;
  await enterEvent(t, ids.event, ids.member);
  const form = catchForm({});
  form.set('photo', new Blob([new Uint8Array(await jpeg())], { type: 'image/jpeg' }), 'catch.jpg');
  const logged = await admin.fetch('/api/catches', { method: 'POST', body: form });
  if (logged.status !== 200) throw new Error(`Arranging the catch failed: ${logged.status} ${await logged.text()}`);
  ids.catch = (await logged.json()).catch.id;
});
afterAll(() => t?.close());

const jpeg = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a6' } })
    .jpeg()
    .toBuffer();

function catchForm(fields: Record<string, string>) {
  const form = new FormData();
  const base = {
    fishType: 'Bream',
    size: '31',
    fishKeptOrReleased: 'kept',
    eventId: ids.event,
    memberId: ids.member,
    rulesWaiverAccepted: 'true',
    dataAccuracyAcknowledged: 'true',
    gpsCoordinates: '-28.264512, 153.563218',
  };
  for (const [k, v] of Object.entries({ ...base, ...fields })) form.append(k, v);
  return form;
}

// ---------- the cases ----------

interface Case {
  label: string;
  /** A raw request body (mutations) or `input` parameter (queries); undefined sends none. */
  raw: string | undefined;
  expect4xx: boolean;
}

/** About thirty inputs for one procedure: malformed JSON, an oversized body, junk, and bad objects of its own shape. */
function procedureCases(p: ProcedureInfo): Case[] {
  const cases: Case[] = sample(MALFORMED_JSON, 4).map((raw) => ({ label: `malformed ${clip(raw)}`, raw, expect4xx: true }));
  const oversized =
    p.type === 'mutation' ? JSON.stringify({ value: 'x'.repeat(BODY_LIMIT) }) : JSON.stringify({ value: 'x'.repeat(40_000) });
  cases.push({ label: 'oversized', raw: oversized, expect4xx: true });
  const junk = [...sample(SHAPES, 4), ...sample(NUMBERISH, 2), ...sample(STRINGS, 2)];
  for (let i = 0; i < 22; i++) junk.push(badObject(p.input));
  for (const input of junk) {
    const fits = accepts(p, input);
    // A mutation that accepts an input would really run; those go to the "never a 5xx" pass with known-good bases.
    if (fits && p.type === 'mutation') continue;
    cases.push({ label: clip(input), raw: json(input), expect4xx: !fits });
  }
  return cases;
}

async function runProcedure(p: ProcedureInfo, c: Case) {
  const res =
    p.type === 'query'
      ? await send(admin, 'GET', `/trpc/${p.path}${c.raw === undefined ? '' : `?input=${encodeURIComponent(c.raw)}`}`)
      : await send(admin, 'POST', `/trpc/${p.path}`, c.raw ?? '');
  judge({ endpoint: `tRPC ${p.path}`, label: c.label, ...res }, c.expect4xx);
}

/** REST routes whose body is ignored and whose call writes: only broken bodies are sent to them. */
const WRITES_WHATEVER_THE_BODY = new Set(['POST /api/objects/upload']);
/** GET routes that change state (signing out): not fuzzed, as they take no input at all. */
const STATEFUL_GETS = new Set(['GET /api/logout']);
/** Every query-string key the REST routes read, and some they do not. */
const QUERY_KEYS = [
  'search',
  'type',
  'status',
  'sort',
  'direction',
  'page',
  'pageSize',
  'from',
  'to',
  'id',
  'expires',
  'signature',
  'token',
  'input',
  'batch',
];
const PARAM_VALUES = [
  ...TRAVERSAL,
  ...SQLISH,
  ...Object.values(EMAIL_TRICKS).slice(0, 4),
  'a\u0000b',
  LONG_FOR_URL,
  '..',
  '.',
  '%',
  '00000000-0000-4000-8000-00000000000g',
];
/** Path segments sent as they are: broken percent-encoding, an encoded NUL, an encoded lone surrogate, encoded dots. */
const RAW_PARAM_VALUES = ['%ff', '%00', '%ED%A0%80', '%2e%2e%2f%2e%2e%2fsecrets.json', '%', '%%32%65'];

function restCases(route: RestRoute): { label: string; url: string; body?: string; expect4xx: boolean }[] {
  const cases: { label: string; url: string; body?: string; expect4xx: boolean }[] = [];
  const url = fillPath(route.path, () => randomUUID());
  const params = route.path.match(/:\w+/g) ?? [];
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  // Path parameters are ids, slugs, file names and order ids: none of these values is one.
  // …except that a made-up id can be a well-formed page slug, which simply has no sections.
  const values = route.path.includes(':pageSlug') ? PARAM_VALUES.filter((v) => !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(v)) : PARAM_VALUES;
  for (const value of params.length ? sample(values, 8) : []) {
    cases.push({ label: `path ${clip(value)}`, url: fillPath(route.path, () => value), body: hasBody ? '{}' : undefined, expect4xx: true });
  }
  for (const value of params.length ? sample(RAW_PARAM_VALUES, 3) : []) {
    cases.push({ label: `raw path ${value}`, url: route.path.replace(/:\w+/g, value), body: hasBody ? '{}' : undefined, expect4xx: true });
  }
  if (route.method === 'GET') {
    if (STATEFUL_GETS.has(route.key)) return [];
    for (let i = 0; i < 6; i++) {
      const query = new URLSearchParams();
      for (const key of sample(QUERY_KEYS, 3))
        query.append(key, String(pick([...STRINGS.filter((s) => s !== LONG), LONG_FOR_URL, ...NUMBERISH])));
      cases.push({ label: `query ${clip(query.toString())}`, url: `${url}?${query}`, expect4xx: false });
    }
    return cases;
  }
  for (const raw of sample(MALFORMED_JSON, 3)) cases.push({ label: `malformed ${clip(raw)}`, url, body: raw, expect4xx: true });
  cases.push({ label: 'oversized', url, body: JSON.stringify({ value: 'x'.repeat(BODY_LIMIT) }), expect4xx: true });
  if (!WRITES_WHATEVER_THE_BODY.has(route.key) && hasBody) {
    // Every body these routes take is an object with at least one required text field: none of these is one.
    const junk: unknown[] = [...sample(SHAPES, 4), ...sample(NUMBERISH, 2), ...sample(STRINGS, 2)];
    for (let i = 0; i < 4; i++)
      junk.push(
        Object.fromEntries(
          sample([...ODD_KEYS, 'email', 'name', 'title', 'message', 'amount', 'imageUrl'], 4).map((k) => [k, pick(SHAPES)]),
        ),
      );
    for (const body of junk) cases.push({ label: clip(body), url, body: JSON.stringify(body), expect4xx: true });
  }
  return cases;
}

/** The multipart catch submission, with everything that must not get through. */
async function catchCases(): Promise<{ label: string; form: () => Promise<FormData> | FormData }[]> {
  const photo = await jpeg();
  const withPhoto = (form: FormData, name = 'photo', bytes: Uint8Array<ArrayBuffer> = new Uint8Array(photo), filename = 'catch.jpg') => {
    form.append(name, new Blob([bytes], { type: 'image/jpeg' }), filename);
    return form;
  };
  return [
    { label: 'no photo', form: () => catchForm({}) },
    {
      label: 'a text file as the photo, named ../../etc/passwd',
      form: () => withPhoto(catchForm({}), 'photo', new TextEncoder().encode('root:x:0:0'), '../../etc/passwd'),
    },
    { label: 'a photo field named ../../photo', form: () => withPhoto(catchForm({}), '../../photo') },
    { label: 'two photos', form: () => withPhoto(withPhoto(catchForm({}))) },
    { label: 'photo over 10 MB', form: () => withPhoto(catchForm({}), 'photo', new Uint8Array(10 * 1024 * 1024 + 1)) },
    {
      label: 'too many parts',
      form: () => {
        const f = withPhoto(catchForm({}));
        for (let i = 0; i < 30; i++) f.append(`x${i}`, 'y');
        return f;
      },
    },
    ...sample(TRAVERSAL, 3).map((value) => ({ label: `eventId ${clip(value)}`, form: () => withPhoto(catchForm({ eventId: value })) })),
    ...sample(SQLISH, 2).map((value) => ({ label: `memberId ${clip(value)}`, form: () => withPhoto(catchForm({ memberId: value })) })),
    ...['a\u0000b', '\uD800', 'x'.repeat(5000), "-28.1, 153.5'; --"].map((value) => ({
      label: `gpsCoordinates ${clip(value)}`,
      form: () => withPhoto(catchForm({ gpsCoordinates: value })),
    })),
    ...['NaN', 'Infinity', '1e308', '-5', '0x10'].map((value) => ({
      label: `size ${value}`,
      form: () => withPhoto(catchForm({ size: value })),
    })),
    { label: 'fishType not a species', form: () => withPhoto(catchForm({ fishType: 'Megalodon' })) },
    { label: 'waiver not accepted', form: () => withPhoto(catchForm({ rulesWaiverAccepted: 'yes please' })) },
  ];
}

/**
 * Service-level refusals: inputs the schema takes that point at nothing, or at a file that is not an upload
 * this server issued. Each must be a 4xx and write nothing.
 */
function refusedByServices(): { path: string; type: 'query' | 'mutation'; input: unknown }[] {
  const nobody = () => randomUUID();
  const slot = ids.upload;
  const uploadUrls = [
    ...TRAVERSAL,
    `${slot}/../../../secrets.json`,
    slot.replace('/incoming/', '/incoming/..%2f..%2f'),
    slot.replace('/incoming/', '/images/'),
    `${slot.split('?')[0]}\u0000.png`,
    slot.replace(/[0-9a-f]{8}-/, '00000000-'),
    'https://evil.example/api/objects/upload/incoming/00000000-0000-4000-8000-000000000000',
  ];
  return [
    ...uploadUrls.map((uploadURL) => ({ path: 'objects.finishImage', type: 'mutation' as const, input: { uploadURL } })),
    ...uploadUrls.map((imageUrl) => ({ path: 'admin.events.setImage', type: 'mutation' as const, input: { id: ids.event, imageUrl } })),
    { path: 'payments.capture', type: 'mutation', input: { orderId: 'DEMO-0123456789ABCDEF' } },
    { path: 'auth.verifyToken', type: 'mutation', input: { token: 'A'.repeat(43) } },
    { path: 'auth.verifyToken', type: 'mutation', input: { token: 'A'.repeat(43), purpose: 'sign_in' } },
    { path: 'events.register', type: 'mutation', input: { id: nobody() } },
    { path: 'events.cancel', type: 'mutation', input: { id: nobody() } },
    { path: 'events.clubCode', type: 'query', input: { id: nobody() } },
    { path: 'catches.logSession', type: 'mutation', input: { eventId: nobody(), memberId: ids.member, hoursSpent: 2, sessionDate: today } },
    { path: 'catches.logSession', type: 'mutation', input: { eventId: ids.event, memberId: nobody(), hoursSpent: 2, sessionDate: today } },
    { path: 'admin.members.update', type: 'mutation', input: { id: nobody(), firstName: 'A', lastName: 'B', status: 'active' } },
    {
      path: 'admin.events.update',
      type: 'mutation',
      input: { id: nobody(), event: { name: 'X', location: 'Y', eventDate: '2099-01-01T07:00' } },
    },
    { path: 'admin.catches.judge', type: 'mutation', input: { action: 'approve', id: nobody() } },
    { path: 'admin.sponsors.review', type: 'mutation', input: { id: nobody(), status: 'active' } },
    { path: 'admin.sponsors.recordPayment', type: 'mutation', input: { invoiceId: nobody(), method: 'cash', paidOn: today } },
    { path: 'admin.sponsors.renew', type: 'mutation', input: { id: nobody() } },
    { path: 'admin.sponsors.sendPayLink', type: 'mutation', input: { invoiceId: nobody() } },
    { path: 'admin.payments.quote', type: 'query', input: { mode: 'renewal', memberId: nobody() } },
    {
      path: 'admin.payments.record',
      type: 'mutation',
      input: { mode: 'renewal', memberId: nobody(), method: 'cash', paidOn: today, amount: '40.00', requestKey: nobody() },
    },
    {
      path: 'admin.payments.record',
      type: 'mutation',
      input: { mode: 'renewal', memberId: ids.member, method: 'cash', paidOn: '2099-01-01', amount: '40.00', requestKey: nobody() },
    },
    {
      path: 'admin.payments.refund',
      type: 'mutation',
      input: { paymentId: nobody(), amount: '1.00', reason: 'Nothing', endMembership: true, requestKey: nobody() },
    },
    { path: 'sponsorships.invoice', type: 'query', input: { token: 'A'.repeat(43) } },
    { path: 'sponsorships.createOrder', type: 'mutation', input: { token: 'A'.repeat(43) } },
    { path: 'sponsorships.capture', type: 'mutation', input: { token: 'A'.repeat(43), orderId: 'DEMO-0123456789ABCDEF' } },
    { path: 'sponsorships.confirmAddress', type: 'mutation', input: { token: 'A'.repeat(43) } },
    ...['pages', 'sections', 'news', 'settings'].map((kind) => ({
      path: `admin.cms.${kind}.delete`,
      type: 'mutation' as const,
      input: { id: nobody() },
    })),
    { path: 'admin.cms.pages.update', type: 'mutation', input: { id: nobody(), page: { title: 'X', slug: 'x' } } },
    {
      path: 'admin.cms.sections.update',
      type: 'mutation',
      input: { id: nobody(), section: { pageSlug: 'x', sectionKey: 'x', title: 'X' } },
    },
    { path: 'admin.cms.sections.move', type: 'mutation', input: { id: nobody(), direction: 'up' } },
    { path: 'admin.cms.sections.duplicate', type: 'mutation', input: { id: nobody() } },
    { path: 'admin.cms.news.update', type: 'mutation', input: { id: nobody(), article: { title: 'X', content: 'Y' } } },
    { path: 'admin.cms.pages.create', type: 'mutation', input: { title: 'Taken', slug: 'fuzz' } },
  ];
}

/** A browser's push key (a point on P-256), for a valid push subscription. */
const BROWSER_PUSH_KEY = (() => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return ecdh.getPublicKey('base64url');
})();

/**
 * A valid input for every procedure that takes one: the "never a 5xx" pass puts each bad value into one of
 * its fields at a time. A procedure without an entry fails the test, so a new one is fuzzed too.
 */
function validInputs(): Record<string, unknown> {
  const event = {
    name: 'Fuzz Open',
    location: 'Tweed Heads',
    eventDate: '2099-02-01T07:00',
    description: 'Bring bait',
    rules: 'Club rules',
    prizes: 'Trophies',
    registrationFee: '10.00',
    maxParticipants: 50,
    clubCode: 'FUZZ',
  };
  const page = { title: 'About', slug: 'fuzz-about', content: '<p>About</p>', metaDescription: 'About the club', published: false };
  const section = {
    pageSlug: 'fuzz',
    sectionKey: 'fuzz_body',
    title: 'Body',
    content: 'Text',
    contentType: 'text',
    sortOrder: 3,
    published: false,
  };
  const article = {
    title: 'News',
    excerpt: 'Short',
    content: '<p>Long</p>',
    featuredImageUrl: 'https://example.com/a.png',
    published: false,
  };
  return {
    'auth.signup': { email: 'fuzz-signup@example.com', firstName: 'Fuzz', lastName: 'Signup' },
    'auth.login': { email: 'chair@club.test', password: 'not the password' },
    'auth.sendVerification': { email: 'chair@club.test', userId: adminUserId },
    'auth.verifyToken': { token: 'B'.repeat(43), purpose: 'verify_email' },
    'auth.setPassword': { currentPassword: 'not the password', newPassword: 'a password of some length' },
    'members.register': {
      firstName: 'Fuzz',
      lastName: 'Joiner',
      email: 'fuzz-joiner@example.com',
      phone: '0400 123 456',
      address: '1 Fuzz St',
      dateOfBirth: '1990-01-01',
      gender: 'other',
      shirtSize: 'M',
      membershipType: 'adult',
      termsAccepted: true,
      codeOfConductAccepted: true,
      additionalMembers: [{ firstName: 'Kid', lastName: 'Joiner', dateOfBirth: '2015-01-01' }],
      documentsAccepted: acceptedVersions(EXAMPLE_CLUB_DOCUMENTS),
    },
    'members.registerDocumented': {
      firstName: 'Fuzz',
      lastName: 'Script',
      email: 'fuzz-script@example.com',
      phone: '0400 123 457',
      address: '2 Fuzz St',
      dateOfBirth: '1990-01-01',
      shirtSize: 'M',
      membershipType: 'adult',
    },
    'members.acceptDocuments': { documentsAccepted: acceptedVersions(EXAMPLE_CLUB_DOCUMENTS) },
    'payments.createOrder': { amount: '40.00', currency: 'AUD', intent: 'CAPTURE', earlyRenewal: false },
    'payments.outcome': { orderId: 'DEMO-00000000000000AB' },
    'payments.capture': { orderId: 'DEMO-00000000000000AA' },
    'events.upcoming': { limit: 4 },
    'events.started': { limit: 4 },
    'events.calendar': { id: ids.event },
    'events.byId': { id: ids.event },
    'events.clubCode': { id: ids.event },
    'events.register': { id: ids.futureEvent },
    'events.cancel': { id: ids.futureEvent },
    'admin.signOn.list': { id: ids.event },
    'admin.signOn.checkIn': { registrationId: randomUUID(), checkedIn: true },
    'admin.signOn.remove': { registrationId: randomUUID() },
    'admin.signOn.catchLink': { registrationId: randomUUID() },
    'admin.signOn.recordPayment': { registrationId: randomUUID(), method: 'cash', reference: 'Desk 1', requestKey: randomUUID() },
    'admin.signOn.addGuest': {
      eventId: ids.event,
      firstName: 'Walk',
      lastName: 'Up',
      email: 'fuzz-walkup@example.com',
      phone: '0400 123 459',
      dateOfBirth: '1992-02-02',
    },
    'admin.signOn.waitlistGuest': {
      eventId: ids.event,
      firstName: 'Wait',
      lastName: 'Walkup',
      email: '',
      phone: '0400 123 460',
      dateOfBirth: '1991-01-01',
    },
    'entries.enter': { id: ids.futureEvent, memberIds: [ids.member], payAtSignOn: true },
    'entries.createOrder': { id: ids.futureEvent },
    'entries.capture': { orderId: 'DEMO-00000000000000AD' },
    'entries.joinWaitlist': { id: ids.futureEvent, payAtSignOn: false },
    'entries.leaveWaitlist': { id: ids.futureEvent, memberId: ids.member },
    'guests.enter': {
      eventId: ids.futureEvent,
      firstName: 'Gus',
      lastName: 'Guest',
      email: 'fuzz-guest@example.com',
      phone: '0400 123 458',
      dateOfBirth: '1990-01-01',
      documentsAccepted: acceptedGuestVersions(EXAMPLE_CLUB_DOCUMENTS),
    },
    'guests.capture': { orderId: 'DEMO-00000000000000AE' },
    'guests.signIn': { token: 'C'.repeat(43) },
    'guests.sendLink': { eventId: ids.futureEvent, email: 'fuzz-guest@example.com' },
    'guests.joinWaitlist': {
      eventId: ids.futureEvent,
      firstName: 'Wendy',
      lastName: 'Waiting',
      email: 'fuzz-waiting@example.com',
      phone: '0400 123 461',
      dateOfBirth: '1990-01-01',
      documentsAccepted: acceptedGuestVersions(EXAMPLE_CLUB_DOCUMENTS),
    },
    'objects.finishImage': { uploadURL: ids.upload },
    'catches.mine': { limit: 5 },
    'memberCard.reissue': { memberId: ids.member },
    'verify.card': { code: 'A'.repeat(24) },
    'catches.results': { id: ids.event },
    'catches.liveBoard': { id: ids.event },
    'members.entrants': { eventId: ids.event },
    'admin.placingRules.set': { onePlacingPerAngler: true },
    'catches.ladder': { year: 2026 },
    'catches.ladderStatus': { year: 2026 },
    'events.mysteryFish': { id: ids.event },
    'pictureOfMonth.month': { month: '2026-11' },
    'pictureOfMonth.vote': { catchId: ids.catch },
    'pictureOfMonth.winner': { month: '2026-11' },
    'catches.logSession': { eventId: ids.event, memberId: ids.member, hoursSpent: 2.5, sessionDate: today },
    'sponsors.register': {
      companyName: 'Fuzz Bait',
      contactPerson: 'Fi Zz',
      email: 'bait@fuzz.test',
      phone: '0400 000 002',
      address: '2 Fuzz St',
      sponsorshipType: 'shirt',
      comments: 'Hello',
    },
    'cms.sections': { pageSlug: 'landing' },
    'cms.page': { slug: 'fuzz' },
    'cms.contentPage': { slug: 'fuzz' },
    'cms.news': { limit: 5 },
    'chat.ask': { message: 'How much is junior membership?' },
    'notifications.setPreference': { kind: 'results_final', enabled: false },
    // push.example.test leads nowhere (.test is reserved): nothing reaches a real push service from here.
    'notifications.subscribe': {
      endpoint: 'https://push.example.test/fuzz',
      keys: { p256dh: BROWSER_PUSH_KEY, auth: 'A'.repeat(22) },
      expirationTime: null,
    },
    'notifications.unsubscribe': { endpoint: 'https://push.example.test/fuzz' },
    'admin.reports.financial': { from: '2026-07-01', to: '2027-06-30' },
    'admin.reports.membership': { from: '2026-07-01', to: '2027-06-30' },
    'admin.members.search': { search: 'kim', type: 'adult', status: 'active', sort: 'name', direction: 'asc', page: 1, pageSize: 25 },
    'admin.members.update': {
      id: ids.member,
      firstName: 'Kim',
      lastName: 'Kingfish',
      email: 'kim@example.com',
      phone: '0400 000 003',
      address: '3 Fuzz St',
      status: 'active',
      expiryDate: '2099-01-01',
    },
    'admin.members.get': { memberId: ids.member },
    'admin.members.household': { action: 'move', memberId: ids.member, intoMemberId: ids.member },
    'admin.members.requestEmailChange': { memberId: ids.member, email: 'kim.new@example.com', currentPassword: 'correct horse battery' },
    'admin.members.resendEmailChange': { memberId: ids.member },
    'admin.members.cancelEmailChange': { memberId: ids.member },
    'admin.members.sendRenewalReminder': { memberId: ids.member, requestKey: '6f1c4f0e-3d5a-4c1e-9a53-2f0b8c7d6e5a' },
    'members.confirmEmailChange': { token: 'D'.repeat(43) },
    'members.undoEmailChange': { token: 'U'.repeat(43) },
    'memberDetails.update': { memberId: ids.member, phone: '0400 123 456', address: '1 River St, Murwillumbah NSW 2484', shirtSize: 'M' },
    'memberDetails.requestEmailChange': { email: 'fuzz.new@example.com', currentPassword: 'correct horse battery' },
    'memberDetails.addJunior': {
      firstName: 'Ivy',
      lastName: 'Fuzz',
      dateOfBirth: '2018-03-04',
      gender: 'female',
      shirtSize: 'S',
      agreed: true,
    },
    'memberDetails.removeJunior': { memberId: ids.member },
    'admin.audit': { entityType: 'Member', entityId: ids.member, page: 1, pageSize: 10 },
    'admin.events.create': event,
    'admin.events.setImage': { id: ids.event, imageUrl: ids.upload },
    'admin.events.update': { id: ids.futureEvent, event },
    'admin.events.addEntrant': { id: ids.futureEvent, memberId: ids.member, passOverWaiting: false },
    'admin.events.disqualify': { eventId: ids.event, memberId: ids.member, reason: 'Photo re-used from last season' },
    'admin.events.reinstate': { eventId: ids.event, memberId: ids.member },
    'admin.members.suspend': { memberId: ids.member, until: today, reason: 'Photo re-used from last season' },
    'admin.members.liftSuspension': { memberId: ids.member },
    'admin.catches.judged': { status: 'rejected', page: 1, pageSize: 10 },
    'admin.catches.reopen': { id: ids.catch, reason: 'A second look at the photo' },
    'admin.catches.judge': { action: 'reject', id: ids.catch, reason: 'Too blurry to measure' },
    'admin.catches.get': { id: ids.catch },
    'admin.catches.queue': { eventId: ids.event },
    'admin.catches.waitingEvents': { include: ids.event },
    'admin.catches.compare': { id: ids.catch },
    'admin.mysteryFish.get': { eventId: ids.event },
    'admin.mysteryFish.set': { eventId: ids.futureEvent, species: 'Bream', length: { kind: 'range', minCm: 30, maxCm: 35 } },
    'admin.mysteryFish.reveal': { eventId: ids.event },
    'admin.pictureOfMonth.close': { month: '2026-10' },
    'admin.fishingArea.replace': {
      geojson: JSON.stringify({
        type: 'Polygon',
        coordinates: [
          [
            [153.5, -28.2],
            [153.6, -28.2],
            [153.6, -28.3],
            [153.5, -28.2],
          ],
        ],
      }),
    },
    'admin.sponsors.review': {
      id: ids.sponsor,
      status: 'active',
      logoUrl: 'https://example.com/logo.png',
      websiteUrl: 'https://example.com',
      endDate: '2099-12-31',
    },
    'admin.sponsors.recordPayment': { invoiceId: randomUUID(), method: 'bank_transfer', paidOn: '2020-01-01', reference: 'EFT 1' },
    'admin.sponsors.renew': { id: ids.sponsor, season: '2099-00' },
    'admin.sponsors.sendPayLink': { invoiceId: randomUUID() },
    'admin.newsletters.get': { id: randomUUID() },
    'admin.newsletters.read': { id: randomUUID() },
    'admin.newsletters.deliveries': { id: randomUUID(), status: 'sent', page: 1, pageSize: 50 },
    'admin.newsletters.count': { segment: { kind: 'expiring', days: 30 } },
    'admin.newsletters.create': { subject: 'Fuzz news', bodyHtml: '<p>Hello</p>', segment: { kind: 'event', eventId: ids.event } },
    'admin.newsletters.update': { id: randomUUID(), subject: 'Fuzz news', bodyHtml: '<p>Hello</p>', segment: { kind: 'current' } },
    'admin.newsletters.remove': { id: randomUUID() },
    'admin.newsletters.fromArticle': { articleId: randomUUID() },
    'admin.newsletters.preview': { subject: 'Fuzz news', bodyHtml: '<p>Hello</p>' },
    'admin.newsletters.testSend': { id: randomUUID(), subject: 'Fuzz news', bodyHtml: '<p>Hello</p>' },
    'admin.newsletters.send': { id: randomUUID() },
    'admin.newsletters.resend': { id: randomUUID(), statuses: ['failed', 'uncertain'] },
    'newsletters.read': { id: randomUUID() },
    'newsletters.setMyChoice': { choice: 'news' },
    'newsletters.unsubscribeInfo': { token: `1.${'A'.repeat(32)}` },
    'newsletters.unsubscribe': { token: `1.${'A'.repeat(32)}` },
    'newsletters.resubscribe': { token: `1.${'A'.repeat(32)}` },
    'admin.payments.list': { search: 'kim', kind: 'membership', status: 'completed', page: 1, pageSize: 25 },
    'admin.payments.quote': {
      mode: 'new',
      membershipType: 'adult',
      firstName: 'Kim',
      lastName: 'Cash',
      dateOfBirth: '1980-01-01',
      additionalMembers: [{ firstName: 'Kid', lastName: 'Cash', dateOfBirth: '2015-01-01' }],
    },
    'admin.payments.record': {
      mode: 'new',
      member: {
        firstName: 'Kim',
        lastName: 'Cash',
        email: 'fuzz-cash@example.com',
        phone: '0400 000 004',
        address: '4 Fuzz St',
        dateOfBirth: '1980-01-01',
        shirtSize: 'M',
        membershipType: 'adult',
        additionalMembers: [],
      },
      method: 'cash',
      paidOn: today,
      reference: 'Receipt 1',
      amount: '40.00',
      requestKey: randomUUID(),
    },
    'admin.payments.refund': { paymentId: randomUUID(), amount: '1.00', reason: 'Fuzz', endMembership: false, requestKey: randomUUID() },
    'sponsorships.invoice': { token: 'B'.repeat(43) },
    'sponsorships.createOrder': { token: 'B'.repeat(43) },
    'sponsorships.capture': { token: 'B'.repeat(43), orderId: 'DEMO-00000000000000AC' },
    'sponsorships.confirmAddress': { token: 'B'.repeat(43) },
    // The club has an administrator here: the setup answers NOT_FOUND, whatever the code.
    'setup.createFirstAdmin': {
      code: 'AAAAA-BBBBB',
      club: EXAMPLE_CLUB_PROFILE,
      membership: EXAMPLE_MEMBERSHIP_RULES,
      competition: EXAMPLE_COMPETITION_RULES,
      placing: { onePlacingPerAngler: true },
      species: EXAMPLE_CLUB_SPECIES,
      documents: documentsEdit(EXAMPLE_CLUB_DOCUMENTS),
      firstName: 'Fuzz',
      lastName: 'Setup',
      email: 'fuzz-setup@example.com',
      password: 'a password of some length',
    },
    'admin.club.saveProfile': EXAMPLE_CLUB_PROFILE,
    'admin.club.saveMembership': EXAMPLE_MEMBERSHIP_RULES,
    'admin.club.saveCompetition': EXAMPLE_COMPETITION_RULES,
    'admin.club.saveSpecies': EXAMPLE_CLUB_SPECIES,
    'admin.club.saveDocuments': { documents: documentsEdit(EXAMPLE_CLUB_DOCUMENTS) },
    'admin.cms.pages.create': page,
    'admin.cms.pages.update': { id: ids.page, page: { ...page, slug: 'fuzz' } },
    'admin.cms.pages.delete': { id: ids.page },
    'admin.cms.sections.create': section,
    'admin.cms.sections.update': { id: ids.section, section },
    'admin.cms.sections.delete': { id: ids.section },
    'admin.cms.sections.move': { id: ids.section, direction: 'up' },
    'admin.cms.sections.duplicate': { id: ids.section },
    'admin.cms.sections.fromTemplate': { template: 'hero_section', pageSlug: 'fuzz' },
    'admin.cms.settings.save': { settingKey: 'fuzz_setting', settingValue: 'value', settingType: 'text', description: 'A setting' },
    'admin.cms.settings.delete': { id: ids.setting },
    'admin.cms.news.create': article,
    'admin.cms.news.update': { id: ids.news, article },
    'admin.cms.news.delete': { id: ids.news },
  };
}

/** Each text, number or flag inside a valid input, by its path of keys. */
function leaves(value: unknown, path: string[] = []): string[][] {
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]));
  return [path];
}
const leafAt = (value: unknown, path: string[]): unknown => path.reduce<unknown>((v, key) => (v as Record<string, unknown>)[key], value);

/** Bad values aimed at what a field holds: every odd date for a date, odd numbers for a number, odd text for text. */
function badValuesFor(good: unknown): unknown[] {
  if (typeof good === 'string' && /^\d{4}-\d{2}-\d{2}/.test(good)) return [...DATEISH, ...sample(STRINGS, 2)];
  if (typeof good === 'string') return [...sample(STRINGS, 6), pick(NUMBERISH), pick(SHAPES)];
  if (typeof good === 'number') return [...sample(NUMBERISH, 6), pick(STRINGS), pick(SHAPES)];
  return ['true', 1, null, pick(STRINGS)];
}

function withLeaf(value: unknown, path: string[], replacement: unknown): unknown {
  if (!path.length) return replacement;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string, unknown>;
  copy[path[0]] = withLeaf(copy[path[0]], path.slice(1), replacement);
  return copy;
}

// ---------- the tests ----------

describe('fuzz', () => {
  it('answers every refused input with a 4xx, never a 5xx, and writes nothing', async () => {
    const before = await rowCounts(t);

    for (const p of allProcedures()) {
      for (const c of procedureCases(p)) await runProcedure(p, c);
    }
    for (const { path, type, input } of refusedByServices()) {
      await runProcedure(
        { path, type, access: 'admin', input: undefined },
        { label: clip(input), raw: JSON.stringify(input), expect4xx: true },
      );
    }
    // A batch whose every call is refused.
    for (const p of sample(
      allProcedures().filter((p) => p.input),
      10,
    )) {
      const url = `/trpc/${p.path},${p.path}?batch=1`;
      const inputs = JSON.stringify({ 0: [1], 1: 'not an object' });
      const res =
        p.type === 'query'
          ? await send(admin, 'GET', `${url}&input=${encodeURIComponent(inputs)}`)
          : await send(admin, 'POST', url, inputs);
      judge({ endpoint: `tRPC batch ${p.path}`, label: inputs, ...res }, true);
    }

    for (const route of restRoutes(t.app).filter((r) => r.path !== '/trpc/:path')) {
      for (const c of restCases(route)) {
        const res = await send(admin, route.method, c.url, c.body);
        judge({ endpoint: route.key, label: c.label, ...res }, c.expect4xx);
      }
    }
    for (const c of await catchCases()) {
      judge({ endpoint: 'POST /api/catches', label: c.label, ...(await send(admin, 'POST', '/api/catches', await c.form(), null)) }, true);
    }
    for (const [label, body] of [
      ['malformed multipart', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb'],
      ['no boundary', 'abc'],
    ] as const) {
      judge(
        {
          endpoint: 'POST /api/catches',
          label,
          ...(await send(
            admin,
            'POST',
            '/api/catches',
            body,
            label === 'no boundary' ? 'multipart/form-data' : 'multipart/form-data; boundary=x',
          )),
        },
        true,
      );
    }
    // The upload target: another key under a real signature, a body over 5 MB, an empty one.
    const [slotPath, slotQuery] = ids.upload.replace(/^https?:\/\/[^/]+/, '').split('?');
    const uploads: [string, string, Uint8Array<ArrayBuffer>][] = [
      ...sample(PARAM_VALUES, 6).map((key): [string, string, Uint8Array<ArrayBuffer>] => [
        `key ${clip(key)}`,
        `${slotPath.replace(/[^/]+$/, encodeURIComponent(key))}?${slotQuery}`,
        new Uint8Array(8),
      ]),
      ['over 5 MB', `${slotPath}?${slotQuery}`, new Uint8Array(5 * 1024 * 1024 + 1)],
      ['empty', `${slotPath}?${slotQuery}`, new Uint8Array(0)],
      ['tampered signature', `${slotPath}?${slotQuery.replace(/signature=./, 'signature=A')}`, new Uint8Array(8)],
      ['expired', `${slotPath}?${slotQuery.replace(/expires=\d+/, 'expires=1')}`, new Uint8Array(8)],
    ];
    for (const [label, url, bytes] of uploads) {
      judge(
        { endpoint: 'PUT /api/objects/upload/incoming/:id', label, ...(await send(admin, 'PUT', url, bytes, 'application/octet-stream')) },
        true,
      );
    }

    expect(failures, `${failures.length} of ${sent} requests: ${JSON.stringify(failures).slice(0, 2000)}`).toEqual([]);
    // Guards the pass itself: a broken route or procedure listing would shrink it to nothing.
    expect(sent).toBeGreaterThan(2500);
    const after = await rowCounts(t);
    for (const table of MAY_CHANGE) {
      delete before[table];
      delete after[table];
    }
    expect(after).toEqual(before);
    expect(await admin.trpc.auth.me.query()).toMatchObject({ email: 'chair@club.test', role: 'admin' });
  }, 300_000);

  it('never answers a 5xx when bad values sit in one field of an otherwise valid input', async () => {
    failures.length = 0;
    sent = 0;
    const valid = validInputs();
    const procedures = allProcedures().filter((p) => p.input);
    expect(
      procedures.filter((p) => !(p.path in valid)).map((p) => p.path),
      'procedures without a valid input in validInputs()',
    ).toEqual([]);
    for (const p of procedures) {
      const base = valid[p.path];
      for (const path of leaves(base)) {
        for (const value of badValuesFor(leafAt(base, path))) {
          const input = withLeaf(base, path, value);
          await runProcedure(p, { label: `${path.join('.')} = ${clip(value)}`, raw: JSON.stringify(input), expect4xx: !accepts(p, input) });
        }
      }
    }
    expect(failures, `${failures.length} of ${sent} requests: ${JSON.stringify(failures).slice(0, 2000)}`).toEqual([]);
    expect(sent).toBeGreaterThan(800);
    expect(await admin.trpc.auth.me.query()).toMatchObject({ email: 'chair@club.test', role: 'admin' });
  }, 300_000);

  it('answers 400, not 500, should a value the database refuses ever get past validation', async () => {
    for (const [sql, params] of [
      ["select '2026-02-30'::date", []],
      ['select ?::integer', [2 ** 40]],
      ["select '\\ud800'::jsonb", []],
    ] as const) {
      const error = await t
        .em()
        .execute(sql, [...params])
        .catch((e: unknown) => e);
      expect(databaseErrorOr(error), sql).toEqual(new AppError('BAD_REQUEST', BAD_DATA));
    }
  });

  it('refuses every e-mail trick, and maps case and space variants onto the one account', async () => {
    const users = await t.em().count(User, {});
    for (const [trick, email] of Object.entries(EMAIL_TRICKS)) {
      for (const url of ['/api/auth/signup', '/api/members/register', '/api/sponsors/register']) {
        const res = await t
          .client()
          .json('POST', url, { email, firstName: 'Eve', lastName: 'Il', companyName: 'Evil', contactPerson: 'Eve' });
        expect(res.status, `${trick} ${url}`).toBe(400);
      }
      const signup = await t.client().json('POST', '/api/auth/signup', { email, firstName: 'Eve', lastName: 'Il' });
      expect(signup.body, trick).toEqual({ message: email.includes('\u0000') ? BAD_TEXT_MESSAGE : 'Please enter a valid email address.' });
    }
    expect(await t.em().count(User, {})).toBe(users);

    // The Kelvin sign lower-cases to a plain k: it is the same address, so the same account, not a new one.
    for (const variant of ['KIM@EXAMPLE.COM', '  kim@example.com\t', 'Kim@Example.Com', '\u212Aim@example.com']) {
      const res = await t.client().json('POST', '/api/auth/signup', { email: variant, firstName: 'Kim', lastName: 'Kingfish' });
      expect(res.status, variant).toBe(200);
    }
    expect(await t.em().count(User, {})).toBe(users);
    expect(await t.em().count(User, { email: 'kim@example.com' })).toBe(1);
  });
});
