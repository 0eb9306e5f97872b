/**
 * Factories: the people and events a test needs, written straight to the database, for tests whose behaviour
 * under test is something else than signing up, joining and paying. The behaviour under test still goes
 * through HTTP; only the arrangement skips the journey (sign-up → e-mail → join → pay takes a dozen requests).
 *
 * The rows match what the journey leaves behind: a verified account, a household whose primary member is
 * linked to it, and (for a current member) a completed demo payment that activated the membership for a year.
 */
import { createHash, randomBytes } from 'node:crypto';
import { AuthToken, Event, EventRegistration, Household, Member, Payment, User } from '../../src/server/db/entities';
import { addDays, addYears, clubLocalToInstant, clubToday } from '../../src/shared/dates';
import { acceptedVersions } from '../../src/shared/documents';
import { EXAMPLE_CLUB_DOCUMENTS, EXAMPLE_MEMBERSHIP_RULES } from '../../src/shared/club-example';
import type { MembershipType } from '../../src/shared/membership';
import type { TestApp, TestClient } from './test-app';

const uniqueEmail = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}@example.com`;

/** Signs a client in as `userId` the way an e-mailed sign-in link does (the token is made here, not mailed). */
export async function signIn(t: TestApp, userId: string, client: TestClient = t.client()): Promise<TestClient> {
  const em = t.em();
  const raw = randomBytes(32).toString('base64url');
  const now = t.clock.now();
  em.create(AuthToken, {
    tokenHash: createHash('sha256').update(raw).digest('hex'),
    purpose: 'sign_in',
    user: em.getReference(User, userId),
    createdAt: now,
    expiresAt: new Date(now.getTime() + 15 * 60_000),
  });
  await em.flush();
  await client.trpc.auth.verifyToken.mutate({ token: raw, purpose: 'sign_in' });
  return client;
}

export interface UserOptions {
  email?: string;
  firstName?: string;
  lastName?: string;
  role?: 'member' | 'admin';
  /** Also sign a client in (default true). */
  signedIn?: boolean;
}

/** A verified account without a membership, signed in: what `signedInClient` gives, without the e-mail round trip. */
export async function createUser(t: TestApp, options: UserOptions = {}) {
  const em = t.em();
  const email = (options.email ?? uniqueEmail('angler')).toLowerCase();
  const user = em.create(User, {
    email,
    firstName: options.firstName ?? 'Sam',
    lastName: options.lastName ?? 'Angler',
    role: options.role ?? 'member',
    emailVerifiedAt: t.clock.now(),
  });
  await em.flush();
  const client = options.signedIn === false ? t.client() : await signIn(t, user.id);
  return { client, email, userId: user.id };
}

/** A signed-in administrator. */
export function createAdmin(t: TestApp, options: Omit<UserOptions, 'role'> = {}) {
  return createUser(t, { firstName: 'Ada', lastName: 'Min', ...options, role: 'admin' });
}

export interface MemberOptions extends UserOptions {
  membershipType?: MembershipType;
  dateOfBirth?: string;
  /**
   * 'active' (default): paid by a completed demo payment, current for a year from today;
   * 'pending': joined, never paid; 'expired': paid once, the year ran out yesterday.
   */
  status?: 'active' | 'pending' | 'expired';
}

/**
 * A member with a household, an account linked to the primary member and (unless pending) the payment that
 * activated them: what `activeMemberClient` gives, written directly.
 */
export async function createMember(t: TestApp, options: MemberOptions = {}) {
  const em = t.em();
  const status = options.status ?? 'active';
  const membershipType = options.membershipType ?? 'adult';
  const firstName = options.firstName ?? 'Pat';
  const lastName = options.lastName ?? 'Member';
  const email = (options.email ?? uniqueEmail('member')).toLowerCase();
  const now = t.clock.now();
  const today = clubToday(now);

  const user = em.create(User, { email, firstName, lastName, role: options.role ?? 'member', emailVerifiedAt: now });
  const household = em.create(Household, { membershipType });
  const paidUntil = status === 'active' ? addYears(today, 1) : status === 'expired' ? addDays(today, -1) : null;
  const member = em.create(Member, {
    household,
    user,
    isPrimary: true,
    firstName,
    lastName,
    email,
    phone: '0400 000 000',
    address: '1 River St, Murwillumbah NSW 2484',
    dateOfBirth: options.dateOfBirth ?? (membershipType === 'junior' ? addYears(today, -12) : '1980-05-05'),
    gender: 'female',
    shirtSize: 'M',
    membershipType: membershipType === 'family' ? 'adult' : membershipType,
    status,
    memberSince: paidUntil ? addYears(paidUntil, -1) : null,
    // An expired membership ended yesterday.
    expiryDate: status === 'expired' ? addDays(today, -1) : paidUntil,
    termsAcceptedAt: now,
    codeOfConductAcceptedAt: now,
    documentsAccepted: acceptedVersions(EXAMPLE_CLUB_DOCUMENTS).map((d) => ({ ...d, acceptedAt: now.toISOString() })),
  });
  if (status !== 'pending') {
    const amountCents = EXAMPLE_MEMBERSHIP_RULES.feesCents[membershipType];
    em.create(Payment, {
      kind: 'membership',
      purpose: 'join',
      household,
      covers: { householdType: membershipType, members: [{ id: member.id, membershipType: member.membershipType }] },
      createdBy: user,
      description: `${membershipType[0].toUpperCase()}${membershipType.slice(1)} membership fee`,
      payee: `${firstName} ${lastName}`,
      amountCents,
      currency: 'AUD',
      provider: 'demo',
      method: 'demo',
      providerOrderId: `DEMO-${randomBytes(8).toString('hex')}`,
      status: 'completed',
      capturedAt: status === 'expired' ? new Date(now.getTime() - 366 * 86_400_000) : now,
      rawResponse: null,
    });
  }
  await em.flush();
  const client = options.signedIn === false ? t.client() : await signIn(t, user.id);
  return { client, email, userId: user.id, memberId: member.id, householdId: household.id };
}

export interface EventOptions {
  name?: string;
  location?: string;
  /** When it starts (default: 14 days from the test clock's now, 7:00 am club time). */
  eventDate?: Date;
  registrationFeeCents?: number;
  maxParticipants?: number | null;
  status?: 'active' | 'cancelled' | 'completed';
  clubCode?: string | null;
  rules?: string | null;
  prizes?: string | null;
}

/** An event, as an administrator would have created it. */
export async function createEvent(t: TestApp, options: EventOptions = {}) {
  const em = t.em();
  const inTwoWeeks = clubToday(new Date(t.clock.now().getTime() + 14 * 86_400_000));
  const event = em.create(Event, {
    name: options.name ?? `Flathead Classic ${randomBytes(2).toString('hex')}`,
    description: 'Annual flathead competition on the Tweed River.',
    location: options.location ?? 'Fingal Head boat ramp',
    eventDate: options.eventDate ?? clubLocalToInstant(`${inTwoWeeks}T07:00`),
    rules: options.rules ?? 'Catch and release. Brag mat photos only.',
    prizes: options.prizes ?? null,
    registrationFeeCents: options.registrationFeeCents ?? 1000,
    maxParticipants: options.maxParticipants ?? null,
    status: options.status ?? 'active',
    clubCode: options.clubCode ?? null,
  });
  await em.flush();
  return event;
}

/** Enters a member in an event (once), as registering or the committee adding them on the day does: only entrants score. */
export async function enterEvent(t: TestApp, eventId: string, memberId: string) {
  const em = t.em();
  if (await em.count(EventRegistration, { event: eventId, member: memberId })) return;
  em.create(EventRegistration, { event: em.getReference(Event, eventId), member: em.getReference(Member, memberId) });
  await em.flush();
  await em.getConnection().execute('update events set registered_count = registered_count + 1 where id = ?', [eventId]);
}

export interface LoggedCatch {
  eventId: string;
  memberId: string;
  fishType?: string;
  size?: string;
  /** Where the phone said it was; null sends none. */
  gps?: string | null;
}

let photosMade = 0;

/**
 * Logs a catch through `POST /api/catches` as `client` (the angler, or the committee for an entrant), entering the
 * angler first as registering would have, with a photo of its own (a plain colour no other catch of the run has, so
 * the near-duplicate check never links two of them); a minute then passes. Answers the new catch's id.
 */
export async function logCatch(t: TestApp, client: TestClient, input: LoggedCatch): Promise<string> {
  await enterEvent(t, input.eventId, input.memberId);
  photosMade += 1;
  const { default: sharp } = await import('sharp');
  const background = { r: (photosMade * 41) % 256, g: (photosMade * 23) % 256, b: 160 };
  const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background } })
    .jpeg()
    .toBuffer();
  const fields: Record<string, string> = {
    fishType: input.fishType ?? 'Bream',
    size: input.size ?? '31',
    fishKeptOrReleased: 'released',
    eventId: input.eventId,
    memberId: input.memberId,
    rulesWaiverAccepted: 'true',
    dataAccuracyAcknowledged: 'true',
  };
  const gps = input.gps === undefined ? '-28.264512, 153.563218' : input.gps;
  if (gps !== null) fields.gpsCoordinates = gps;
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set('photo', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'catch.jpg');
  const res = await client.fetch('/api/catches', { method: 'POST', body: form });
  if (res.status !== 200) throw new Error(`POST /api/catches answered ${res.status}: ${await res.text()}`);
  const id = ((await res.json()) as { catch: { id: string } }).catch.id;
  t.clock.advance(60_000);
  return id;
}
