/*
 * The answers of the club's API as the client tests need them. Each builder returns a whole answer of one kind, in
 * the demo club's style (Tweed Coast people and places, amounts in AUD), and a test passes only the fields it cares
 * about. The types come from the procedures' outputs, so a change to an answer breaks its builder here, once.
 * Fields that follow from others follow them unless given: an event's `date` its `eventDate`, a person's e-mail
 * their first name, a household its one person, the sign-on desk's counts its entrants, a placing's points its place.
 * A test that relies on a value passes it, even when it is the builder's own.
 */
import { GPS_UNAVAILABLE } from '../../src/shared/catches.schema';
import { instantToClubLocal } from '../../src/shared/dates';
import { deskCounts } from '../../src/shared/entries';
import { EXAMPLE_FISHING_AREA } from '../../src/shared/example-fishing-area';
import type { Output } from './api-types';

/** The event most tests are about (any valid UUID would do; this one reads as "the event"). */
export const EVENT_ID = '33333333-3333-4333-8333-333333333333';

const emailOf = (firstName: string) => `${firstName.toLowerCase()}@example.com`;

// ---------- People ----------

export type User = NonNullable<Output<'auth.me'>>;
/** Who is signed in (auth.me): Mia Fisher, a member who signs in with e-mail links. */
export function aUser(fields: Partial<User> = {}): User {
  const firstName = fields.firstName ?? 'Mia';
  return {
    id: 'u1',
    email: emailOf(firstName),
    firstName,
    lastName: 'Fisher',
    role: 'member',
    emailVerified: true,
    hasPassword: false,
    ...fields,
  };
}

/** An administrator signed in (auth.me): Pat, the club secretary, with a password. */
export const anAdmin = (fields: Partial<User> = {}): User =>
  aUser({ id: 'a1', email: 'sec@example.com', firstName: 'Pat', lastName: 'Secretary', role: 'admin', hasPassword: true, ...fields });

export type Profile = NonNullable<Output<'members.profile'>>;
/**
 * A member's own record (members.profile): Mia Fisher of Tweed Heads, an adult membership paid a year ahead (renewal
 * opens 60 days before it ends), alone in her household unless `household` says otherwise.
 */
export function aProfile(fields: Partial<Profile> = {}): Profile {
  const { id = 'm1', firstName = 'Mia', lastName = 'Fisher', membershipType = 'adult' } = fields;
  return {
    id,
    firstName,
    lastName,
    email: emailOf(firstName),
    phone: '0412 345 678',
    address: '1 Wharf St, Tweed Heads',
    dateOfBirth: '1990-04-01',
    gender: 'female',
    shirtSize: 'M',
    membershipType,
    status: 'active',
    memberSince: '2026-11-21',
    expiryDate: '2027-11-21',
    household: [{ id, firstName, lastName, membershipType }],
    renewalAmount: '40.00',
    documentsToAccept: [],
    paymentState: 'paid',
    renewal: { open: false, opensOn: '2027-09-22', extendsTo: '2028-11-21' },
    ...fields,
  };
}

/** A membership registered and never paid: pending, no dates yet, payment open. */
export const anUnpaidProfile = (fields: Partial<Profile> = {}): Profile =>
  aProfile({
    status: 'pending',
    memberSince: null,
    expiryDate: null,
    paymentState: 'awaiting_payment',
    renewal: { open: true, opensOn: null, extendsTo: '2027-11-21' },
    ...fields,
  });

/** The member portal's figures (members.dashboard) of someone who has not fished with the club yet. */
export const aDashboard = (fields: Partial<Output<'members.dashboard'>> = {}): Output<'members.dashboard'> => ({
  eventsAttended: 0,
  fishCaught: 0,
  competitions: 0,
  memberLevel: 'Bronze',
  ...fields,
});

export type HouseholdMember = Output<'memberDetails.household'>['people'][number];
/** A person of the reader's household (memberDetails.household): an adult who is its primary member, details editable. */
export function aHouseholdMember(fields: Partial<HouseholdMember> = {}): HouseholdMember {
  const junior = fields.membershipType === 'junior';
  return {
    id: '11111111-1111-4111-8111-111111111111',
    firstName: 'Mia',
    lastName: 'Fisher',
    membershipType: 'adult',
    status: 'active',
    expiryDate: '2027-11-21',
    isPrimary: !junior,
    isJunior: junior,
    phone: junior ? null : '0412 345 678',
    address: junior ? null : '1 Wharf St, Tweed Heads NSW 2485',
    shirtSize: junior ? 'XS' : 'M',
    emergencyContact: null,
    medicalNotes: null,
    editable: true,
    ...fields,
  };
}

export type MemberRow = Output<'admin.members.search'>['rows'][number];
/** A row of the committee's member list (admin.members.search): Mia Fisher, paid up, with a login. */
export function aMemberRow(fields: Partial<MemberRow> = {}): MemberRow {
  const { firstName = 'Mia', lastName = 'Fisher' } = fields;
  return {
    id: '11111111-1111-4111-8111-111111111111',
    firstName,
    lastName,
    initials: `${firstName[0]}${lastName[0]}`,
    email: emailOf(firstName),
    phone: '0400 111 222',
    address: '1 Wharf St, Tweed Heads NSW 2485',
    membershipType: 'adult',
    status: 'active',
    memberSince: '2025-08-01',
    expiryDate: '2026-12-05',
    role: 'member',
    isPrimary: true,
    ...fields,
  };
}

export type MemberRecord = Output<'admin.members.get'>;
/**
 * A member's whole record as the committee's edit form loads it (admin.members.get): Mia Fisher, alone in her
 * household unless `household` says otherwise; a renewal reminder goes to her once her membership has been paid.
 */
export function aMemberRecord(fields: Partial<MemberRecord> = {}): MemberRecord {
  const {
    id = '11111111-1111-4111-8111-111111111111',
    firstName = 'Mia',
    lastName = 'Fisher',
    membershipType = 'adult',
    status = 'active',
    isPrimary = true,
    expiryDate = '2026-12-05',
  } = fields;
  const email = fields.email === undefined ? emailOf(firstName) : fields.email;
  return {
    id,
    firstName,
    lastName,
    email,
    phone: '0400 111 222',
    address: '1 Wharf St, Tweed Heads NSW 2485',
    dateOfBirth: '1985-06-07',
    gender: 'female',
    shirtSize: 'M',
    membershipType,
    status,
    memberSince: '2025-08-01',
    expiryDate,
    isPrimary,
    hasAccount: true,
    household: { id: `h-${id}`, membershipType, people: [{ id, firstName, lastName, membershipType, status, isPrimary, email }] },
    emailChange: null,
    reminders: [],
    reminder: expiryDate
      ? { to: email, refusal: null }
      : { to: null, refusal: 'This membership has never been paid, so there is nothing to renew yet.' },
    ...fields,
  };
}

export type MemberCard = Output<'memberCard.mine'>['cards'][number];
/** A digital membership card (memberCard.mine): the reader's own, current. */
export const aMemberCard = (fields: Partial<MemberCard> = {}): MemberCard => ({
  memberId: '0b7e7c4e-2f6d-4c53-9f37-6f0b2b3c4d5e',
  own: true,
  name: 'Mia Fisher',
  membershipType: 'adult',
  status: 'active',
  memberSince: '2024-07-01',
  expiryDate: '2027-06-30',
  suspendedUntil: null,
  verifyUrl: 'https://club.test/verify/AAAAAAAAAAAAAAAAAAAAAAAA',
  issuedAt: '2026-11-01T00:00:00.000Z',
  ...fields,
});

// ---------- Events ----------

export type ClubEvent = Output<'events.upcoming'>[number];
/**
 * A club event (events.upcoming, events.byId, events.started): the Flathead Classic at Jack Evans Boat Harbour,
 * 7:00 am on Sunday 6 December 2026, fishing until 2 pm, $10 to enter. Whether it is full and open follows its
 * places and status unless given. The entry fields (the fees by kind of entrant, the close of entries, paying at
 * sign-on, age limits) come only when a test gives them, as in an older server's answer.
 */
export function anEvent(fields: Partial<ClubEvent> = {}): ClubEvent {
  const { eventDate = '2026-12-05T20:00:00.000Z', maxParticipants = null, registeredCount = 0, status = 'active' } = fields;
  const isFull = maxParticipants !== null && registeredCount >= maxParticipants;
  return {
    id: EVENT_ID,
    name: 'Flathead Classic',
    description: null,
    location: 'Jack Evans Boat Harbour',
    eventDate,
    date: eventDate,
    imageUrl: null,
    thumbnailUrl: null,
    rules: null,
    prizes: null,
    registrationFee: fields.memberFee ?? '10.00',
    maxParticipants,
    status,
    registeredCount,
    isFull,
    isOpen: status === 'active' && !isFull,
    acceptsCatchesToday: false,
    fishingStart: '07:00',
    fishingEnd: '14:00',
    ...fields,
  };
}

/** An event that has started (events.started, the results board's list): over, entries closed. */
export const aStartedEvent = (fields: Partial<ClubEvent> = {}): ClubEvent => anEvent({ status: 'completed', ...fields });

export type AdminEvent = Output<'admin.events.list'>[number];
/** An event as the committee's Events tab lists it: its date on the club's clocks for the form, no club code. */
export function anAdminEvent(fields: Partial<AdminEvent> = {}): AdminEvent {
  const event = anEvent(fields);
  return { ...event, eventDateLocal: instantToClubLocal(new Date(event.eventDate)), clubCode: null, ...fields };
}

export type Registration = Output<'events.myRegistrations'>[number];
/** A member's entry in an event (events.myRegistrations): in the Flathead Classic, which has not started. */
export function aRegistration(fields: Partial<Registration> = {}): Registration {
  const eventDate = fields.eventDate ?? '2026-12-05T20:00:00.000Z';
  return {
    id: 'r1',
    eventId: EVENT_ID,
    name: 'Flathead Classic',
    location: 'Jack Evans Boat Harbour',
    eventDate,
    date: eventDate,
    registeredAt: '2026-11-20T00:00:00.000Z',
    canCancel: true,
    acceptsCatchesToday: false,
    ...fields,
  };
}

export type DeskEntrant = Output<'admin.signOn.list'>['entrants'][number];
/** An entrant on the sign-on desk's list: Mia Fisher, an adult member paying at the desk, not checked in. */
export function aDeskEntrant(fields: Partial<DeskEntrant> = {}): DeskEntrant {
  const paid = fields.paymentState === 'paid';
  const name = fields.name ?? 'Mia Fisher';
  return {
    registrationId: 'r1',
    memberId: 'm1',
    name,
    firstName: name.split(' ')[0],
    lastName: name.split(' ').slice(1).join(' '),
    dateOfBirth: '1990-04-02',
    kind: 'member',
    division: 'open',
    age: 36,
    phone: null,
    email: null,
    fee: '10.00',
    paymentState: 'pay_at_sign_on',
    paidBy: paid ? 'Cash' : null,
    feeBack: paid ? 'by_hand' : null,
    checkedInAt: null,
    enteredAt: '2026-11-20T01:00:00.000Z',
    disqualified: false,
    ...fields,
  };
}

export type Desk = Output<'admin.signOn.list'>;
/** The sign-on desk of an event (admin.signOn.list): nobody entered yet; its counts follow its entrants. */
export function aDesk(fields: Partial<Desk> = {}): Desk {
  const { eventDate = '2026-12-05T20:00:00.000Z', entrants = [] } = fields;
  const { held: _held, ...counts } = deskCounts(entrants);
  return {
    eventId: EVENT_ID,
    eventName: 'Flathead Classic',
    location: 'Jack Evans Boat Harbour',
    eventDate,
    entriesCloseAt: new Date(Date.parse(eventDate) + 2 * 3_600_000).toISOString(),
    requireCheckIn: false,
    memberFee: '10.00',
    juniorFee: null,
    nonMemberFee: '15.00',
    maxParticipants: null,
    entrants,
    waiting: [],
    counts,
    ...fields,
  };
}

// ---------- Catches ----------

export type Catch = Output<'catches.mine'>[number];
/**
 * A catch as its angler sees it (catches.mine): Mia's 42.5 cm flathead at the Flathead Classic, caught at 8:30 am,
 * waiting for the judges.
 */
export function aCatch(fields: Partial<Catch> = {}): Catch {
  const { catchTime = '2026-12-05T21:30:00.000Z', status = 'pending' } = fields;
  return {
    id: 'c1',
    fishType: 'Flathead',
    size: 42.5,
    fishKeptOrReleased: 'released',
    catchTime,
    date: catchTime,
    verified: status === 'verified',
    status,
    eventId: EVENT_ID,
    eventName: 'Flathead Classic',
    location: 'Jack Evans Boat Harbour',
    anglerName: 'Mia Fisher',
    photoUrl: 'https://files.example.com/catches/c1.jpg',
    thumbnailUrl: 'https://files.example.com/catches/c1-thumb.jpg',
    rejectReason: null,
    ...fields,
  };
}

export type CatchToJudge = Output<'admin.catches.queue'>[number];
/**
 * A catch as the judges see it (admin.catches.queue): logged by its angler, who is entered, from a phone at Jack
 * Evans Boat Harbour, with a photo from an iPhone taken there five minutes before and received a minute after; no
 * flags. The GPS text follows the position.
 */
export function aCatchToJudge(fields: Partial<CatchToJudge> = {}): CatchToJudge {
  const { latitude = -28.1745, longitude = 153.5412 } = fields;
  const caught = Date.parse(fields.catchTime ?? '2026-12-05T21:30:00.000Z');
  return {
    ...aCatch(fields),
    anglerId: 'm1',
    anglerEntered: true,
    submittedByName: null,
    gpsText: latitude === null || longitude === null ? GPS_UNAVAILABLE : `${latitude.toFixed(6)}, ${longitude.toFixed(6)}`,
    latitude,
    longitude,
    photoTakenAt: new Date(caught - 5 * 60_000).toISOString(),
    photoLatitude: -28.1746,
    photoLongitude: 153.5413,
    photoCamera: 'Apple iPhone 15',
    flags: [],
    clubCode: 'MULLET',
    eventDate: '2026-12-05T20:00:00.000Z',
    receivedAt: new Date(caught + 60_000).toISOString(),
    duplicateOf: null,
    ...fields,
  };
}

export type JudgedCatch = Output<'admin.catches.judged'>['rows'][number];
/** A catch the judges have decided (admin.catches.judged): approved as logged by Pat Secretary after fishing closed. */
export const aJudgedCatch = (fields: Partial<JudgedCatch> = {}): JudgedCatch => ({
  ...aCatchToJudge({ status: 'verified', ...fields }),
  verifiedByName: 'Pat Secretary',
  verifiedAt: '2026-12-06T03:10:00.000Z',
  correctedFrom: null,
  disqualified: null,
  anglerSuspendedUntil: null,
  ...fields,
});

export type WaitingEvent = Output<'admin.catches.waitingEvents'>[number];
/** An event with catches waiting for the judges (admin.catches.waitingEvents): one catch, not today. */
export const aWaitingEvent = (fields: Partial<WaitingEvent> = {}): WaitingEvent => ({
  id: EVENT_ID,
  name: 'Flathead Classic',
  eventDate: '2026-12-05T20:00:00.000Z',
  waiting: 1,
  today: false,
  ...fields,
});

export type Results = Output<'catches.results'>;
/** An event's results (catches.results): the Flathead Classic, one Open division, nothing placed yet. */
export const someResults = (fields: Partial<Results> = {}): Results => ({
  eventId: EVENT_ID,
  eventName: 'Flathead Classic',
  photosFrom: null,
  divisions: false,
  categories: [],
  ...fields,
});

export type Placing = Results['categories'][number]['placings'][number];
/** A placed catch on the results; its points and prize follow its place (3, 2 and 1 points; $100, $50 and $25). */
export function aPlacing(fields: Partial<Placing> = {}): Placing {
  const place = fields.place ?? 1;
  return {
    place,
    points: [3, 2, 1][place - 1] ?? 0,
    prize: ['$100 tackle voucher', '$50 tackle voucher', '$25 tackle voucher'][place - 1] ?? null,
    anglerName: 'Mia Fisher',
    size: 42.5,
    catchId: `c${place}`,
    thumbnailUrl: null,
    photoUrl: null,
    ...fields,
  };
}

export type LadderRow = Output<'catches.ladder'>[number];
/** A row of the season's champion points (catches.ladder): Mia Fisher in the Open division. */
export const aLadderRow = (fields: Partial<LadderRow> = {}): LadderRow => ({
  memberId: 'm1',
  anglerName: 'Mia Fisher',
  division: 'open',
  points: 3,
  ...fields,
});

/** The example club's fishing area (admin.fishingArea.get), drawn under each catch's photo for the judges. */
export const aFishingArea = (fields: Partial<Output<'admin.fishingArea.get'>> = {}): Output<'admin.fishingArea.get'> => ({
  area: EXAMPLE_FISHING_AREA,
  points: EXAMPLE_FISHING_AREA.coordinates[0].length,
  isExample: true,
  changedAt: null,
  changedBy: null,
  ...fields,
});

/** The committee's placing rules (admin.placingRules.get): one placing per angler per category, as the club starts. */
export const somePlacingRules = (fields: Partial<Output<'admin.placingRules.get'>> = {}): Output<'admin.placingRules.get'> => ({
  onePlacingPerAngler: true,
  changedAt: null,
  changedBy: null,
  ...fields,
});

// ---------- Sponsors ----------

export type Sponsor = Output<'sponsors.active'>[number];
/** A current sponsor (sponsors.active): Tweed Tackle & Bait on the club shirts, with a logo and a website. */
export const aSponsor = (fields: Partial<Sponsor> = {}): Sponsor => ({
  id: '44444444-4444-4444-8444-444444444444',
  companyName: 'Tweed Tackle & Bait',
  sponsorshipType: 'shirt',
  amount: '1000.00',
  logoUrl: '/objects/tackle.webp',
  websiteUrl: 'https://tweedtackle.example',
  ...fields,
});

export type SponsorApplication = Output<'admin.sponsors.list'>[number];
/** A sponsor as the committee's Sponsors tab lists it: an application waiting for review, no invoices yet. */
export const aSponsorApplication = (fields: Partial<SponsorApplication> = {}): SponsorApplication => ({
  ...aSponsor(fields),
  contactPerson: 'Robin Banks',
  email: 'robin@tweedtackle.example',
  phone: '07 5536 1234',
  address: '2 Bay St, Tweed Heads',
  comments: null,
  status: 'pending',
  endDate: null,
  createdAt: '2026-11-20T01:00:00.000Z',
  reviewedAt: null,
  addressConfirmed: true,
  invoices: [],
  ...fields,
});

export type SponsorInvoice = SponsorApplication['invoices'][number];
/** A sponsor's season invoice, unpaid. */
export const aSponsorInvoice = (fields: Partial<SponsorInvoice> = {}): SponsorInvoice => ({
  id: '66666666-6666-4666-8666-666666666666',
  season: '2026-27',
  amount: '1000.00',
  status: 'unpaid',
  paidOn: null,
  method: null,
  reference: null,
  refunded: '0.00',
  createdAt: '2026-10-02T01:00:00.000Z',
  ...fields,
});

/** The invoice behind a sponsor's pay link (sponsorships.invoice): this season's shirt sponsorship, unpaid, payable online. */
export const anInvoiceToPay = (fields: Partial<Output<'sponsorships.invoice'>> = {}): Output<'sponsorships.invoice'> => ({
  companyName: 'Tweed Tackle & Bait',
  sponsorshipType: 'shirt',
  packageLabel: 'Shirt Sponsorship',
  season: '2026-27',
  amount: '1000.00',
  currency: 'AUD',
  status: 'unpaid',
  paidOn: null,
  payOnline: 'demo',
  ...fields,
});

// ---------- Competitions ----------

export type PictureMonth = Output<'pictureOfMonth.month'>;
/** A month of the picture-of-the-month vote (pictureOfMonth.month): November 2026, open, no photos yet. */
export const aPictureMonth = (fields: Partial<PictureMonth> = {}): PictureMonth => ({
  month: '2026-11',
  monthLabel: 'November 2026',
  closed: false,
  winner: null,
  candidates: [],
  waitingForFishingToClose: 0,
  myVoteCatchId: null,
  cannotVote: null,
  openMonths: [{ month: '2026-11', monthLabel: 'November 2026' }],
  prize: '$100 voucher',
  ...fields,
});

export type PictureCandidate = PictureMonth['candidates'][number];
/** A photo in the vote: Mia's 31 cm flathead from the Flathead Classic, not the reader's own. */
export const aPictureCandidate = (fields: Partial<PictureCandidate> = {}): PictureCandidate => ({
  catchId: '11111111-1111-4111-8111-111111111111',
  anglerName: 'Mia Fisher',
  species: 'Flathead',
  sizeCm: 31,
  eventName: 'Flathead Classic',
  caughtAt: '2026-11-07T21:30:00.000Z',
  thumbnailUrl: '/api/objects/images/c1-thumb.webp',
  photoUrl: '/api/objects/images/c1.webp',
  mine: false,
  ...fields,
});

export type PictureWinner = NonNullable<Output<'pictureOfMonth.winner'>>;
export type WinningPicture = PictureWinner['winner'];
/** The photo that won a month's vote: Mia's 31 cm flathead, with one vote. */
export const aWinningPicture = (fields: Partial<WinningPicture> = {}): WinningPicture => ({
  catchId: '11111111-1111-4111-8111-111111111111',
  anglerName: 'Mia Fisher',
  species: 'Flathead',
  sizeCm: 31,
  eventName: 'Flathead Classic',
  votes: 1,
  thumbnailUrl: '/api/objects/images/c1-thumb.webp',
  photoUrl: '/api/objects/images/c1.webp',
  ...fields,
});

/** The latest month's winner (pictureOfMonth.winner), for the public home and the presentation; `winner` changes only the parts it names. */
export function aPictureWinner(fields: Partial<Omit<PictureWinner, 'winner'>> & { winner?: Partial<WinningPicture> } = {}): PictureWinner {
  const { winner, ...month } = fields;
  return { month: '2026-11', monthLabel: 'November 2026', prize: '$100 voucher', ...month, winner: aWinningPicture(winner) };
}

export type MysteryFishSetting = Output<'admin.mysteryFish.get'>;
/** The committee's mystery fish of an event (admin.mysteryFish.get): none set yet, fishing closing in five hours. */
export const aMysteryFish = (fields: Partial<MysteryFishSetting> = {}): MysteryFishSetting => ({
  eventId: EVENT_ID,
  eventName: 'Flathead Classic',
  state: 'none',
  prize: '$100 cash',
  sealedByName: null,
  sealedAt: null,
  revealedByName: null,
  revealedAt: null,
  fishingClosesAt: new Date(Date.now() + 5 * 3_600_000).toISOString(),
  pendingCatches: 0,
  ...fields,
});

// ---------- Payments ----------

/** How payments are taken (payments.setup): the demo provider unless given, in AUD. */
export const aPaymentSetup = (fields: Partial<Output<'payments.setup'>> = {}): Output<'payments.setup'> => ({
  provider: 'demo',
  clientId: null,
  clientToken: 'demo-token',
  environment: null,
  currency: 'AUD',
  ...fields,
});

export type MembershipPayment = Output<'payments.capture'>;
/**
 * A membership paid (payments.capture, payments.outcome): Mia's adult membership, $40.00, active for a year from
 * 21 November 2026; `membership` changes only the parts it names.
 */
export function aMembershipPayment(
  fields: Partial<Omit<MembershipPayment, 'membership'>> & { membership?: Partial<MembershipPayment['membership']> } = {},
): MembershipPayment {
  const { membership, ...payment } = fields;
  return {
    id: 'DEMO-1',
    status: 'COMPLETED',
    amount: '40.00',
    currency: 'AUD',
    ...payment,
    membership: { status: 'active', memberSince: '2026-11-21', expiryDate: '2027-11-21', members: ['Mia Fisher'], ...membership },
  };
}

// ---------- Notifications ----------

export type NotificationSettings = Output<'notifications.settings'>;
/** A member's push notifications (notifications.settings): every kind wanted, no device subscribed yet. */
export const aNotificationSettings = (fields: Partial<NotificationSettings> = {}): NotificationSettings => ({
  publicKey: `B${'Qk'.repeat(43)}`,
  preferences: { event_tomorrow: true, catch_judged: true, results_final: true, waitlist_place_freed: true },
  devices: 0,
  ...fields,
});

// ---------- The committee's dashboard and audit log ----------

/** The administration page's overview of a small club; a test changes the figures it cares about. */
export const adminOverview = (figures: Partial<Output<'admin.overview'>> = {}): Output<'admin.overview'> => ({
  totalMembers: 3,
  activeEvents: 1,
  revenueYtdCents: 4000,
  financialYear: 'FY 2026–27',
  sponsors: 0,
  membersByType: [],
  revenueByMonth: [],
  catchesBySpecies: [],
  ...figures,
});

/** The admin dashboard's site health card: backups encrypted to the committee's key unless a test says otherwise. */
export const siteHealth = (backups: Partial<Output<'admin.siteHealth'>['backups']> = {}): Output<'admin.siteHealth'> => ({
  backups: { encryption: 'age key', message: "Backups are encrypted to the committee's age key (BACKUP_RECIPIENT).", ...backups },
});

export type AuditEntry = Output<'admin.audit'>['rows'][number];
/** An entry of the audit log: Mia changed her own phone number in the portal. */
export const anAuditEntry = (fields: Partial<AuditEntry> = {}): AuditEntry => ({
  id: 7,
  at: '2026-11-20T09:30:00.000Z',
  actor: 'mia@example.com',
  action: 'member.details.self',
  entityType: 'Member',
  entityId: 'm1',
  before: { phone: '0400 000 000' },
  after: { phone: '0455 123 456' },
  ...fields,
});

export type AuditPage = Output<'admin.audit'>;
/** A page of the audit log (admin.audit): empty unless given rows; its total and record types follow its rows. */
export function anAuditPage(fields: Partial<AuditPage> = {}): AuditPage {
  const rows = fields.rows ?? [];
  return { total: rows.length, entityTypes: [...new Set(rows.map((r) => r.entityType))].sort(), rows, ...fields };
}
