/*
 * The demo club for `npm run demo`: members of every kind, past and coming events, judged catches with
 * photos, sponsors, news and content, so a newcomer sees every screen filled.
 *
 * Everything goes through the club's own services (joining and paying with the demo payment provider,
 * registering for events, logging and judging catches, sponsor applications, their invoices and payments, the CMS), each run with a
 * clock set to when it "happened", so the records agree with each other the way real use leaves them.
 * It all runs in one transaction: a database is either left untouched or holds the whole demo.
 */
import { randomUUID } from 'node:crypto';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { recordPaymentInput, refundPaymentInput } from '../../../shared/admin-payments.schema';
import { acceptRequiredDocuments } from '../../../shared/documents';
import { addDays, addYears, clubLocalToInstant, clubToday, instantToClubLocal, type IsoDate } from '../../../shared/dates';
import { SPECIES, type Species } from '../../../shared/catches';
import { catchSubmissionInput } from '../../../shared/catches.schema';
import { pageInput, sectionInput, settingInput, newsInput } from '../../../shared/cms.schema';
import { eventInput } from '../../../shared/events.schema';
import { registrationInput } from '../../../shared/members.schema';
import { isJuniorOn } from '../../../shared/membership';
import {
  nextSeason,
  recordSponsorPaymentInput,
  renewSponsorInput,
  sponsorApplicationInput,
  sponsorReviewInput,
} from '../../../shared/sponsors.schema';
import type { Clock } from '../../clock';
import type { Env } from '../../env';
import type { Mailer } from '../../integrations/mailer';
import { createDemoProvider } from '../../integrations/payments/demo';
import type { ObjectStore } from '../../integrations/storage';
import { recordAudit } from '../../services/audit.service';
import type { Actor } from '../../services/actor';
import { ContentCache } from '../../services/content-cache';
import { objectUrl } from '../../services/object-keys';
import { createServices, type Services } from '../../services';
import { RATE_RULES, type RateRules } from '../../services/rate-limit.service';
import { invoiceSeason } from '../../services/sponsor-invoices';
import {
  AuditLog,
  Catch,
  ContentPage,
  Event,
  EventRegistration,
  Member,
  NewsArticle,
  Payment,
  SiteSection,
  SiteSetting,
  Sponsor,
  User,
} from '../entities';
import {
  CAMERAS,
  DEMO_DOMAIN,
  DEMO_LOGINS,
  EVENTS,
  HOME_ABOUT_HTML,
  HOUSEHOLDS,
  LANDING_TEXTS,
  PAGES,
  REJECT_REASONS,
  SETTINGS,
  SIZE_RANGES,
  SPONSORS,
  type DemoEvent,
  type DemoHousehold,
  type DemoSponsorPayment,
} from './demo-data';
import { catchPhoto, randomSource, scenePhoto, sponsorLogo, type RandomSource } from './demo-images';

export { DEMO_DOMAIN, DEMO_LOGINS } from './demo-data';

/** The demo was not seeded, on purpose: the message says why and what to do. */
export class DemoSeedRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DemoSeedRefused';
  }
}

export interface DemoSeedOptions {
  orm: MikroORM;
  /** Where catch photos, event pictures and logos go, as uploads do. */
  objects: ObjectStore;
  env: Pick<Env, 'NODE_ENV' | 'PUBLIC_URL'>;
  /** "Today" for the demo (default: now). */
  now?: Date;
  /** Progress lines. */
  log?: (message: string) => void;
}

export interface DemoSeedResult {
  /** false: the database already held the demo, which is reused as it is. */
  seeded: boolean;
  /** The club day the demo's dates are relative to. */
  seededOn: IsoDate;
  counts: Record<string, number>;
}

/** The flag that lets the demo use an external database (DATABASE_URL) or bucket (S3_BUCKET) that is empty. */
export const ALLOW_EXTERNAL_FLAG = '--allow-external-database';

/**
 * Why the demo must not start with this configuration, or null. Production is always refused. An external
 * database or bucket may be the club's real one, so it needs the explicit flag (and, like any database,
 * must then be empty: `seedDemoClub` checks that).
 */
export function demoEnvironmentRefusal(
  env: { NODE_ENV: Env['NODE_ENV']; DATABASE_URL?: string; S3_BUCKET?: string },
  allowExternal: boolean,
): string | null {
  if (env.NODE_ENV === 'production')
    return 'Refusing to start the demo club: NODE_ENV is production. Demo data never goes into a production database.';
  if (allowExternal) return null;
  const external = [
    env.DATABASE_URL && 'DATABASE_URL points at an external PostgreSQL',
    env.S3_BUCKET && 'S3_BUCKET points at an external bucket',
  ].filter(Boolean);
  if (!external.length) return null;
  return `Refusing to start the demo club: ${external.join(' and ')}, which may be the club's real one. The demo keeps everything in its own folder (DATA_DIR, default ./data-demo): unset ${env.DATABASE_URL ? 'DATABASE_URL' : 'S3_BUCKET'}${env.DATABASE_URL && env.S3_BUCKET ? ' and S3_BUCKET' : ''}. Only for an empty, throw-away database: npm run demo -- ${ALLOW_EXTERNAL_FLAG}`;
}

/** The audit entry that marks a database as the demo's. */
const MARKER = 'demo.seed';
const SEED_LOCK = 4_712_345_001;

/**
 * Seeds the demo club into an empty database, once. A database that already holds the demo is left as
 * it is; one that holds anything else, or any production configuration, is refused.
 */
export async function seedDemoClub(options: DemoSeedOptions): Promise<DemoSeedResult> {
  if (options.env.NODE_ENV === 'production') {
    throw new DemoSeedRefused('Refusing to seed the demo club: NODE_ENV is production. Demo data never goes into a production database.');
  }
  const em = options.orm.em.fork();
  const existing = await findMarker(em);
  if (existing) return existing;

  return em.transactional(async (tem) => {
    // Two demo starts at once on one database: the second waits here, then finds the first one's demo.
    await tem.execute(`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const again = await findMarker(tem);
    if (again) return again;
    await refuseUnlessEmpty(tem);
    const seeder = new DemoSeeder(tem, options);
    return { seeded: true, seededOn: seeder.today, counts: await seeder.run() };
  });
}

async function findMarker(em: EntityManager): Promise<DemoSeedResult | null> {
  const marker = await em.findOne(AuditLog, { action: MARKER }, { orderBy: { id: 'asc' } });
  if (!marker) return null;
  const after = (marker.after ?? {}) as { seededOn?: string; counts?: Record<string, number> };
  return { seeded: false, seededOn: after.seededOn ?? clubToday(marker.createdAt), counts: after.counts ?? {} };
}

/** The demo goes only into a database with no club data at all (the size limits a migration adds aside). */
async function refuseUnlessEmpty(em: EntityManager): Promise<void> {
  const [realUser] = await em.execute<{ email: string }[]>(
    `select email from users where lower(email) not like ? and lower(email) not like ? order by created_at limit 1`,
    [`%@${DEMO_DOMAIN}`, `%.${DEMO_DOMAIN}`],
  );
  if (realUser) {
    throw new DemoSeedRefused(
      `Refusing to seed the demo club: this database already has real users (for example ${realUser.email}). The demo is only seeded into an empty database; use its own DATA_DIR (default ./data-demo).`,
    );
  }
  const tables = {
    users: User,
    members: Member,
    payments: Payment,
    events: Event,
    catches: Catch,
    sponsors: Sponsor,
    'news articles': NewsArticle,
    pages: ContentPage,
    sections: SiteSection,
    settings: SiteSetting,
  } as const;
  const found: string[] = [];
  for (const [label, entity] of Object.entries(tables)) {
    const count = await em.count(entity as typeof User, {});
    if (count) found.push(`${count} ${label}`);
  }
  if (found.length) {
    throw new DemoSeedRefused(
      `Refusing to seed the demo club: this database already holds data (${found.join(', ')}). The demo is only seeded into an empty database; use its own DATA_DIR (default ./data-demo).`,
    );
  }
}

/** A clock the seeder moves to when each thing happened. */
class SeedClock implements Clock {
  private at = new Date();
  now = () => new Date(this.at.getTime());
  set(at: Date) {
    this.at = at;
  }
}

/** The demo's history sends no mail: receipts and confirmations for long-past events would only fill the outbox. */
const discardMail: Mailer = { kind: 'outbox', send: async () => {}, close: () => {} };

const unlimited: RateRules = Object.fromEntries(
  Object.entries(RATE_RULES).map(([k, rule]) => [k, { ...rule, limit: 1_000_000 }]),
) as RateRules;

const dayOfWeek = (day: IsoDate) => new Date(`${day}T00:00:00Z`).getUTCDay();
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round1 = (n: number) => Math.round(n * 10) / 10;
const gpsText = (lat: number, lng: number) => `${lat.toFixed(6)}, ${lng.toFixed(6)}`;

/** Tables whose created_at/updated_at the seeder moves to the clock of the step that wrote each row. */
const CREATED_AT = [
  'users',
  'households',
  'members',
  'payments',
  'events',
  'event_registrations',
  'stored_objects',
  'catches',
  'fishing_sessions',
  'sponsors',
  'content_pages',
  'site_sections',
  'site_settings',
  'news_articles',
  'audit_log',
];
const UPDATED_AT = ['users', 'members', 'payments', 'events', 'content_pages', 'site_sections', 'site_settings', 'news_articles'];

interface SeededHousehold {
  plan: DemoHousehold;
  user: User;
  actor: Actor;
  primary: Member;
  members: Member[];
  /** First day of membership (join payment) and the expiry, or null while pending. */
  joinedOn: IsoDate | null;
  expiresOn: IsoDate | null;
}

interface SeededEvent {
  plan: DemoEvent;
  event: Event;
  day: IsoDate;
  start: Date;
  input: ReturnType<typeof eventInput.parse>;
  registered: SeededHousehold[];
}

type Special = 'noExif' | 'noCode' | 'dayBefore' | 'outside' | 'duplicate' | 'pending' | 'corrected';

class DemoSeeder {
  readonly today: IsoDate;
  private readonly now: Date;
  private readonly clock = new SeedClock();
  private readonly services: Services;
  private readonly rng: RandomSource = randomSource(1987);
  private readonly ranges: { start: Date; end: Date; at: Date }[] = [];
  private readonly households: SeededHousehold[] = [];
  private readonly events = new Map<string, SeededEvent>();
  private readonly photosByCatch = new Map<string, Buffer>();
  private admin!: SeededHousehold;
  private member!: SeededHousehold;
  private ipCounter = 1;

  constructor(
    private readonly em: EntityManager,
    private readonly options: DemoSeedOptions,
  ) {
    this.now = options.now ?? new Date();
    this.today = clubToday(this.now);
    const quiet = { info: () => {}, warn: () => {}, error: (obj: object, msg: string) => options.log?.(`${msg} ${JSON.stringify(obj)}`) };
    this.services = createServices({
      // No database listener: nothing is cached while seeding.
      cache: new ContentCache(undefined, quiet),
      assistantModel: null,
      objects: options.objects,
      clock: this.clock,
      mailer: discardMail,
      publicUrl: options.env.PUBLIC_URL,
      adminEmails: [],
      rateRules: unlimited,
      payments: createDemoProvider(),
      log: quiet,
    });
  }

  private log(message: string) {
    this.options.log?.(message);
  }

  /** A club wall-clock time on a day relative to today. */
  private local(day: IsoDate, time: string): Date {
    return clubLocalToInstant(`${day}T${time}`);
  }

  /** Runs one step with the clock at `when`; the rows it writes are dated then. Never in the future. */
  private async at<T>(when: Date, run: () => Promise<T>): Promise<T> {
    const latest = new Date(this.now.getTime() - 5 * 60_000);
    const at = when > latest ? latest : when;
    this.clock.set(at);
    await sleep(2);
    const start = new Date();
    const result = await run();
    await this.em.flush();
    this.ranges.push({ start, end: new Date(), at });
    await sleep(2);
    return result;
  }

  private actor(user: User | null): Actor {
    return { user, ip: `192.0.2.${(this.ipCounter++ % 250) + 1}` };
  }

  async run(): Promise<Record<string, number>> {
    this.log('Seeding the demo club: members and payments');
    await this.seedHouseholds();
    this.log('Seeding the demo club: content, sponsors and events');
    await this.seedContent();
    await this.seedSponsors();
    await this.seedEvents();
    this.log('Seeding the demo club: catches, judging and news');
    await this.seedPastCompetitions();
    await this.seedTodaysCatches();
    await this.seedNews();
    await this.expireLapsedMemberships();
    await this.backdate();
    const counts = await this.counts();
    recordAudit(this.em, {
      actor: null,
      actorLabel: 'npm run demo',
      action: MARKER,
      entityType: 'Demo',
      entityId: 'demo-club',
      after: { seededOn: this.today, counts },
    });
    await this.em.flush();
    return counts;
  }

  // ---------- Members, households, payments ----------

  private birthDate(born: DemoHousehold['born']): IsoDate {
    if (typeof born === 'string') return born;
    return addDays(addYears(this.today, -born.age), -this.rng.int(20, 300));
  }

  private emailOf(plan: DemoHousehold): string {
    if (plan.login) return DEMO_LOGINS[plan.login].email;
    return `${plan.firstName}.${plan.lastName}`.toLowerCase().replace(/[^a-z.]/g, '') + `@${DEMO_DOMAIN}`;
  }

  private async seedHouseholds() {
    for (const plan of HOUSEHOLDS) {
      const expiresOn = plan.state === 'member' ? addDays(this.today, plan.expiresIn!) : null;
      const payments: IsoDate[] = expiresOn
        ? plan.isNew
          ? [addYears(expiresOn, -1)]
          : [addYears(expiresOn, -2), addDays(addYears(expiresOn, -1), -this.rng.int(0, 14))]
        : [];
      const joinDay = payments[0] ?? addDays(this.today, -plan.registeredDaysAgo!);
      const email = this.emailOf(plan);

      const user = await this.at(this.local(addDays(joinDay, -1), hhmm(this.rng.int(18 * 60, 21 * 60))), async () => {
        const now = this.clock.now();
        return this.em.create(User, {
          email,
          firstName: plan.firstName,
          lastName: plan.lastName,
          role: 'member',
          passwordHash: null,
          emailVerifiedAt: now,
          sessionVersion: 1,
          lastSignInAt: now,
        });
      });
      const actor = this.actor(user);

      const people = [{ ...plan }, ...(plan.others ?? [])].map((p) => ({ ...p, dateOfBirth: this.birthDate(p.born) }));
      const joinedAt = this.local(joinDay, hhmm(this.rng.int(7 * 60, 21 * 60)));
      const registration = await this.at(joinedAt, () =>
        this.services.members.register(
          this.em,
          actor,
          registrationInput.parse({
            firstName: plan.firstName,
            lastName: plan.lastName,
            email,
            phone: plan.phone,
            address: plan.address,
            dateOfBirth: people[0].dateOfBirth,
            gender: plan.gender,
            shirtSize: plan.shirt,
            membershipType: plan.type,
            termsAccepted: true,
            codeOfConductAccepted: true,
            documentsAccepted: acceptRequiredDocuments(),
            additionalMembers: people.slice(1).map((p) => ({ firstName: p.firstName, lastName: p.lastName, dateOfBirth: p.dateOfBirth })),
          }),
        ),
      );

      for (const [i, day] of payments.entries()) {
        await this.at(
          i === 0 ? new Date(joinedAt.getTime() + 4 * 60_000) : this.local(day, hhmm(this.rng.int(7 * 60, 22 * 60))),
          async () => {
            const amount = i === 0 ? registration.amount : (await this.services.members.profile(this.em, actor))!.renewalAmount;
            if (i > 0 && plan.renewedBy) {
              // Paid to the treasurer by hand and recorded under Admin → Payments.
              await this.services.adminPayments.recordMembershipPayment(
                this.em,
                this.admin.actor,
                recordPaymentInput.parse({
                  mode: 'renewal',
                  memberId: registration.memberId,
                  ...plan.renewedBy,
                  paidOn: clubToday(this.clock.now()),
                  amount,
                  requestKey: randomUUID(),
                }),
              );
              return;
            }
            const payer = { key: `demo-${email}`, ensureKey: () => `demo-${email}` };
            const order = await this.services.payments.createOrder(
              this.em,
              actor,
              payer,
              { amount, currency: 'AUD', intent: 'CAPTURE' },
              i === 0 ? registration.householdId : undefined,
            );
            await this.services.payments.capture(this.em, actor, payer, order.id);
          },
        );
      }
      if (plan.refunded) {
        const [last] = await this.em.find(
          Payment,
          { household: registration.householdId, status: 'completed' },
          { orderBy: { capturedAt: 'desc' }, limit: 1 },
        );
        await this.at(this.local(addDays(joinDay, 12), hhmm(19 * 60 + 30)), () =>
          this.services.adminPayments.refund(
            this.em,
            this.admin.actor,
            refundPaymentInput.parse({
              paymentId: last.id,
              amount: (last.amountCents / 100).toFixed(2),
              reason: plan.refunded,
              endMembership: true,
              requestKey: randomUUID(),
            }),
          ),
        );
      }

      const members = await this.em.find(Member, { household: registration.householdId });
      members.sort(
        (a, b) =>
          Number(b.isPrimary) - Number(a.isPrimary) ||
          people.findIndex((p) => p.firstName === a.firstName) - people.findIndex((p) => p.firstName === b.firstName),
      );
      await this.at(new Date(joinedAt.getTime() + 10 * 60_000), async () => {
        for (const member of members) {
          const person = people.find((p) => p.firstName === member.firstName && p.lastName === member.lastName);
          // What the join form does not ask of the others: their gender and shirt size, for the shirt order.
          if (person && !member.isPrimary) Object.assign(member, { gender: person.gender, shirtSize: person.shirt });
          // Long-standing members: their membership goes back before the website's records (juniors' do not).
          if (plan.sinceYear && member.memberSince && typeof person?.born === 'string')
            member.memberSince = `${plan.sinceYear}${member.memberSince.slice(4)}`;
        }
      });
      // A refund that ended the membership ended it the day before the refund.
      const endedOn = plan.refunded ? addDays(joinDay, 11) : expiresOn;
      const seeded: SeededHousehold = {
        plan,
        user,
        actor,
        primary: members[0],
        members,
        joinedOn: payments[0] ?? null,
        expiresOn: endedOn,
      };
      this.households.push(seeded);
      if (plan.login === 'admin') this.admin = seeded;
      if (plan.login === 'member') this.member = seeded;
    }

    // The two logins have a password (hashed like any other); the secretary is an administrator.
    await this.at(this.local(addDays(this.today, -400), '20:00'), async () => {
      await this.services.admin.setRole(this.em, { user: null, label: 'npm run demo' }, DEMO_LOGINS.admin.email, 'admin');
      for (const seeded of [this.admin, this.member]) {
        await this.services.auth.setPassword(this.em, seeded.actor, { newPassword: DEMO_LOGINS[seeded.plan.login!].password });
      }
    });
  }

  /** Households whose membership covered the whole span from `from` to `to`. */
  private activeBetween(from: IsoDate, to: IsoDate): SeededHousehold[] {
    // (A refunded household is already ended in the database, whatever the dates say.)
    return this.households.filter((h) => h.joinedOn && h.expiresOn && h.joinedOn < from && h.expiresOn >= to && !h.plan.refunded);
  }

  private async expireLapsedMemberships() {
    // What the nightly renewal job would have done on the day after each expiry.
    for (const h of this.households) {
      if (!h.expiresOn || h.expiresOn >= this.today || h.plan.refunded) continue;
      await this.at(this.local(addDays(h.expiresOn, 1), '00:05'), async () => {
        for (const member of h.members) {
          recordAudit(this.em, {
            actor: null,
            actorLabel: 'renewals',
            action: 'member.expire',
            entityType: 'Member',
            entityId: member.id,
            before: { status: 'active', expiryDate: member.expiryDate },
            after: { status: 'expired' },
          });
          member.status = 'expired';
        }
      });
    }
  }

  // ---------- Images through the upload path ----------

  /** Puts a picture where a browser upload would, then lets the service take it (checked and re-encoded). */
  private async uploadSlot(actor: Actor, bytes: Buffer): Promise<string> {
    const { uploadURL } = await this.services.uploads.createUpload(this.em, actor);
    const id = /\/incoming\/([0-9a-f-]{36})/.exec(uploadURL)![1];
    await this.options.objects.put(`incoming/${id}`, bytes, 'image/jpeg');
    return uploadURL;
  }

  private async storedImageUrl(bytes: Buffer): Promise<string> {
    const key = await this.services.uploads.storeImage(this.em, this.admin.user, bytes, 5 * 1024 * 1024);
    return objectUrl(key);
  }

  // ---------- Content ----------

  private async seedContent() {
    const admin = this.admin.actor;
    const launch = addDays(this.today, -420);
    await this.at(this.local(launch, '19:30'), async () => {
      for (const setting of SETTINGS) await this.services.cms.saveSetting(this.em, admin, settingInput.parse(setting));
      for (const page of PAGES) await this.services.cms.createPage(this.em, admin, pageInput.parse(page));
    });
    await this.at(this.local(addDays(launch, 1), '20:10'), async () => {
      let order = 0;
      for (const [key, text] of Object.entries(LANDING_TEXTS)) {
        await this.services.cms.createSection(
          this.em,
          admin,
          sectionInput.parse({
            pageSlug: 'landing',
            sectionKey: key,
            title: key.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()),
            content: text,
            contentType: 'text',
            sortOrder: order++,
          }),
        );
      }
    });
    const photo = await this.storedImageUrlAt(
      this.local(addDays(launch, 2), '18:45'),
      await scenePhoto({ palette: 'dawn', foreground: 'river', rng: this.rng }),
    );
    await this.at(this.local(addDays(launch, 2), '19:00'), async () => {
      const sections = [
        { sectionKey: 'welcome', title: 'Welcome', contentType: 'html', content: HOME_ABOUT_HTML, sortOrder: 0 },
        {
          sectionKey: 'home_photo',
          title: 'Sunrise over the Tweed River at Chinderah, with Wollumbin behind',
          contentType: 'image',
          content: photo,
          sortOrder: 1,
        },
        {
          sectionKey: 'season_note',
          title: 'This season',
          contentType: 'text',
          content:
            "Bream are schooling on the lower Tweed and the flathead are on the chew on the run-out tide. Check the events below and register in the Member Portal.\n\nRemember your brag mat and the day's club code in every photo.",
          sortOrder: 2,
        },
        {
          sectionKey: 'agm_notice',
          title: 'AGM notice (draft)',
          contentType: 'text',
          content: 'Nominations for the committee close two weeks before the AGM.',
          sortOrder: 3,
          published: false,
        },
      ];
      for (const section of sections)
        await this.services.cms.createSection(this.em, admin, sectionInput.parse({ pageSlug: 'home', ...section }));
    });
  }

  private async storedImageUrlAt(when: Date, bytes: Buffer): Promise<string> {
    return this.at(when, () => this.storedImageUrl(bytes));
  }

  // ---------- Sponsors ----------

  private async seedSponsors() {
    for (const plan of SPONSORS) {
      const applied = this.local(addDays(this.today, -plan.appliedDaysAgo), hhmm(this.rng.int(9 * 60, 17 * 60)));
      await this.at(applied, () =>
        this.services.sponsors.apply(
          this.em,
          this.actor(null),
          sponsorApplicationInput.parse({
            companyName: plan.companyName,
            contactPerson: plan.contactPerson,
            email: plan.email,
            phone: plan.phone,
            address: plan.address,
            sponsorshipType: plan.sponsorshipType,
            comments: plan.comments,
          }),
        ),
      );
      if (plan.outcome.status === 'pending') continue;
      const outcome = plan.outcome;
      const reviewed = this.local(addDays(this.today, -outcome.reviewedDaysAgo), hhmm(this.rng.int(18 * 60, 21 * 60)));
      const sponsor = await this.em.findOneOrFail(Sponsor, { email: plan.email });
      if (outcome.status === 'declined') {
        await this.at(reviewed, () =>
          this.services.sponsors.review(this.em, this.admin.actor, sponsorReviewInput.parse({ id: sponsor.id, status: 'declined' })),
        );
        continue;
      }
      const logoUrl = await this.storedImageUrlAt(reviewed, await sponsorLogo({ name: plan.companyName, ...outcome.logo }));
      await this.at(new Date(reviewed.getTime() + 60_000), () =>
        this.services.sponsors.review(
          this.em,
          this.admin.actor,
          sponsorReviewInput.parse({
            id: sponsor.id,
            status: 'active',
            logoUrl,
            websiteUrl: outcome.website,
            endDate: outcome.endsInDays === null ? null : addDays(this.today, outcome.endsInDays),
          }),
        ),
      );
      // Each season is invoiced on acceptance or renewal and counts as money only once it is paid.
      if (outcome.paid) await this.payLatestInvoice(sponsor, addDays(clubToday(reviewed), outcome.paid.daysAfter), outcome.paid);
      if (outcome.renewed) {
        const renewedOn = addDays(this.today, -outcome.renewed.daysAgo);
        const latest = await this.latestInvoice(sponsor);
        await this.at(this.local(renewedOn, hhmm(this.rng.int(18 * 60, 21 * 60))), () =>
          this.services.sponsors.renew(
            this.em,
            this.admin.actor,
            renewSponsorInput.parse({ id: sponsor.id, season: nextSeason(invoiceSeason(latest)) }),
          ),
        );
        if (outcome.renewed.paid)
          await this.payLatestInvoice(sponsor, addDays(renewedOn, outcome.renewed.paid.daysAfter), outcome.renewed.paid);
      }
    }
  }

  private async latestInvoice(sponsor: Sponsor): Promise<Payment> {
    const [latest] = await this.em.find(
      Payment,
      { sponsor, kind: 'sponsorship', refundOf: null },
      { orderBy: { season: 'desc', createdAt: 'desc' }, limit: 1 },
    );
    return latest;
  }

  /** A sponsor pays their newest invoice on `day`: online with the demo provider, or by hand to the committee. */
  private async payLatestInvoice(sponsor: Sponsor, day: IsoDate, payment: DemoSponsorPayment) {
    const invoice = await this.latestInvoice(sponsor);
    const when = this.local(day, hhmm(this.rng.int(9 * 60, 17 * 60)));
    if (payment.method === 'demo') {
      await this.at(when, async () => {
        await this.services.sponsors.orderInvoice(this.em, invoice);
        await this.services.sponsors.captureInvoice(this.em, invoice, { actor: null, label: 'sponsor pay link' });
      });
      return;
    }
    await this.at(when, () =>
      this.services.sponsors.recordPayment(
        this.em,
        this.admin.actor,
        recordSponsorPaymentInput.parse({
          invoiceId: invoice.id,
          method: payment.method,
          paidOn: clubToday(this.clock.now()),
          reference: payment.reference,
        }),
      ),
    );
  }

  // ---------- Events and registrations ----------

  /** Competitions are on Saturdays: the one `when` weeks from today (0: the coming Saturday, after today). */
  private eventDay(plan: DemoEvent): IsoDate {
    if (plan.when === 'today') return this.today;
    const base = addDays(this.today, 7 * plan.when + (plan.when >= 0 ? 1 : 0));
    return addDays(base, (6 - dayOfWeek(base) + 7) % 7);
  }

  private async seedEvents() {
    for (const plan of EVENTS) {
      const day = this.eventDay(plan);
      const start = this.local(day, plan.time);
      const input = eventInput.parse({
        name: plan.name,
        description: plan.description,
        location: plan.location,
        eventDate: `${day}T${plan.time}`,
        rules: plan.rules ?? null,
        prizes: plan.prizes ?? null,
        registrationFee: plan.fee,
        maxParticipants: plan.max,
        clubCode: plan.clubCode,
        status: 'active',
      });
      const created = this.local(
        addDays(day < this.today ? day : this.today, day < this.today ? -45 : -30 - this.rng.int(0, 20)),
        hhmm(this.rng.int(18 * 60, 21 * 60)),
      );
      const view = await this.at(created, async () => {
        const event = await this.services.events.create(this.em, this.admin.actor, input);
        const picture = await scenePhoto({ ...plan.scene, rng: this.rng });
        return this.services.events.setImage(this.em, this.admin.actor, event.id, await this.uploadSlot(this.admin.actor, picture));
      });
      const event = await this.em.findOneOrFail(Event, { id: view.id });
      const seeded: SeededEvent = { plan, event, day, start, input, registered: [] };
      this.events.set(plan.key, seeded);
      await this.register(seeded, created);
      if (plan.status === 'cancelled') {
        await this.at(this.local(addDays(day, -1), '16:00'), () =>
          this.services.events.update(this.em, this.admin.actor, event.id, { ...input, status: 'cancelled' }),
        );
      }
    }
  }

  /** Members register in the weeks before the event; the two logins join the events they should show. */
  private async register(seeded: SeededEvent, createdAt: Date) {
    const { plan, day } = seeded;
    if (!plan.registrations) return;
    const latest = day < this.today ? day : this.today;
    const eligible = this.activeBetween(addDays(latest, -1), day);
    const wants = (h: SeededHousehold) => {
      if (h === this.member) return ['bream-flathead', 'cudgen', 'jacks', 'beach', 'today', 'kingscliff', 'mulloway'].includes(plan.key);
      if (h === this.admin) return ['bream-flathead', 'jacks', 'today', 'agm', 'mulloway'].includes(plan.key);
      if (plan.key === 'juniors') return h.members.some((m) => isJuniorOn(m.dateOfBirth, this.today));
      return true;
    };
    const forced = eligible.filter((h) => (h === this.member || h === this.admin) && wants(h));
    const others = this.shuffle(eligible.filter((h) => h !== this.member && h !== this.admin && wants(h)));
    const chosen = [...forced, ...others].slice(0, plan.registrations);
    const opens = Math.max(createdAt.getTime() + 3600_000, this.local(addDays(latest, -21), '08:00').getTime());
    const closes = Math.min(seeded.start.getTime() - 12 * 3600_000, this.now.getTime() - 3600_000);
    const planned = chosen
      .map((household) => {
        // Not before the member joined.
        const first = Math.max(opens, this.local(addDays(household.joinedOn!, 1), '08:00').getTime());
        return { household, at: this.rng.between(first, Math.max(first, closes)) };
      })
      .sort((a, b) => a.at - b.at);
    for (const { household, at } of planned) {
      await this.at(new Date(at), () => this.services.events.register(this.em, household.actor, seeded.event.id));
      seeded.registered.push(household);
    }
  }

  private person(household: SeededHousehold, firstName: string): Member {
    return household.members.find((m) => m.firstName === firstName)!;
  }

  private shuffle<T>(items: T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = this.rng.int(0, i);
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy;
  }

  // ---------- Catches, judging, results ----------

  private sizeFor(species: Species): number {
    const [low, high] = SIZE_RANGES[species];
    // Most fish are near the low end, as on any competition day.
    const share = Math.pow(this.rng.next(), 1.7);
    return Math.round((low + share * (high - low)) * 2) / 2;
  }

  private async seedPastCompetitions() {
    const scripted: Record<
      string,
      { angler: () => Member; species: Species; size: number; fate: 'kept' | 'released'; special?: Special }[]
    > = {
      'bream-flathead': [
        { angler: () => this.member.primary, species: 'Flathead', size: 58.5, fate: 'kept' },
        { angler: () => this.admin.primary, species: 'Bream', size: 33, fate: 'kept' },
      ],
      cudgen: [
        { angler: () => this.member.primary, species: 'Whiting', size: 31.5, fate: 'kept' },
        { angler: () => this.person(this.member, 'Ethan'), species: 'Whiting', size: 28, fate: 'released' },
        { angler: () => this.person(this.member, 'Chloe'), species: 'Bream', size: 26.5, fate: 'released', special: 'corrected' },
      ],
      jacks: [
        { angler: () => this.member.primary, species: 'Mangrove Jack', size: 41, fate: 'released', special: 'noCode' },
        { angler: () => this.admin.primary, species: 'Flathead', size: 52, fate: 'released' },
      ],
      beach: [{ angler: () => this.member.primary, species: 'Tailor', size: 44, fate: 'kept', special: 'pending' }],
    };
    const specials: Record<string, Special[]> = {
      'bream-flathead': ['noExif', 'dayBefore'],
      cudgen: ['outside'],
      jacks: ['duplicate', 'noExif'],
      beach: ['pending', 'pending', 'noExif'],
    };
    for (const key of ['bream-flathead', 'cudgen', 'jacks', 'beach']) {
      const seeded = this.events.get(key)!;
      const { plan } = seeded;
      const anglers = seeded.registered.flatMap((h) => h.members);
      const strangers = seeded.registered.filter((h) => h !== this.member && h !== this.admin).flatMap((h) => h.members);
      const fixed = scripted[key] ?? [];
      const extra = specials[key] ?? [];
      const planned = [
        ...fixed.map((f) => ({ angler: f.angler(), species: f.species, size: f.size, fate: f.fate, special: f.special })),
        ...Array.from({ length: plan.catches - fixed.length }, (_, i) => {
          const special = extra[i] as Special | undefined;
          // A copied photo claims the fish in it: the first catch of the season (a 58.5 cm flathead).
          const species = special === 'duplicate' ? 'Flathead' : this.rng.pick(plan.species);
          const size = special === 'duplicate' ? 58.5 : this.sizeFor(species);
          const fate: 'kept' | 'released' =
            species === 'Mulloway' || (species === 'Flathead' && size > 70) || this.rng.chance(0.4) ? 'released' : 'kept';
          // The scripted oddities (a copied photo, a fish from Queensland...) belong to neither login's household.
          return { angler: this.rng.pick(special ? strangers : anglers), species, size, fate, special };
        }),
      ];
      const times = planned.map(() => this.rng.between(30, 400)).sort((a, b) => a - b);
      const logged: { id: string; special?: Special; size: number }[] = [];
      for (const [i, c] of planned.entries()) {
        const id = await this.logCatch(
          seeded,
          c.angler,
          c.species,
          c.size,
          c.fate,
          new Date(seeded.start.getTime() + times[i] * 60_000),
          c.special,
        );
        logged.push({ id, special: c.special, size: c.size });
      }
      await this.logHours(
        seeded,
        planned.map((c) => c.angler),
      );
      // The judges sit after fishing closes and before the 4pm presentation.
      let minute = 0;
      for (const c of logged) {
        if (c.special === 'pending') continue;
        const when = new Date(seeded.start.getTime() + (7 * 60 + 20 + minute++ * 3) * 60_000);
        const reject =
          c.special === 'noCode'
            ? REJECT_REASONS.noCode
            : c.special === 'dayBefore'
              ? REJECT_REASONS.dayBefore
              : c.special === 'outside'
                ? REJECT_REASONS.outside
                : c.special === 'duplicate'
                  ? REJECT_REASONS.duplicate
                  : null;
        await this.at(when, () =>
          this.services.judging.judge(
            this.em,
            this.admin.actor,
            reject
              ? { action: 'reject', id: c.id, reason: reject }
              : { action: 'approve', id: c.id, ...(c.special === 'corrected' ? { size: round1(c.size - 0.5) } : {}) },
          ),
        );
      }
      await this.at(this.local(addDays(seeded.day, 1), '09:15'), () =>
        this.services.events.update(this.em, this.admin.actor, seeded.event.id, { ...seeded.input, status: 'completed' }),
      );
    }
  }

  /** Logs a catch as the angler's household would from a phone on the day: photo, size, GPS. */
  private async logCatch(
    seeded: SeededEvent,
    angler: Member,
    species: Species,
    size: number,
    fate: 'kept' | 'released',
    caughtAt: Date,
    special?: Special,
  ): Promise<string> {
    const household = this.households.find((h) => h.members.some((m) => m.id === angler.id))!;
    const spot = special === 'outside' ? { lat: -28.1352, lng: 153.4851 } : seeded.plan.spot;
    const lat = spot.lat + this.rng.between(-0.004, 0.004);
    const lng = spot.lng + this.rng.between(-0.004, 0.004);
    const takenAt =
      special === 'dayBefore'
        ? `${addDays(seeded.day, -1)}T17:48:12`
        : `${instantToClubLocal(new Date(caughtAt.getTime() - this.rng.int(60, 240) * 1000))}:${String(this.rng.int(0, 59)).padStart(2, '0')}`;
    let photo: Buffer;
    if (special === 'duplicate') {
      photo = [...this.photosByCatch.values()][0];
    } else {
      photo = await catchPhoto({
        species,
        sizeCm: size,
        clubCode: special === 'noCode' ? null : seeded.plan.clubCode,
        rng: this.rng,
        exif: special === 'noExif' ? null : { camera: this.rng.pick(CAMERAS), takenAtLocal: takenAt, lat, lng },
      });
    }
    const result = await this.at(caughtAt, () =>
      this.services.catches.submit(
        this.em,
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
    this.photosByCatch.set(result.catch.id, photo);
    return result.catch.id;
  }

  /** The 'Daily Fishing Hours' each angler recorded after fishing. */
  private async logHours(seeded: SeededEvent, anglers: Member[]) {
    const seen = new Set<string>();
    for (const angler of anglers) {
      if (seen.has(angler.id)) continue;
      seen.add(angler.id);
      // Hours are recorded for the members entered in the event (the club's rule).
      if (!(await this.em.count(EventRegistration, { event: seeded.event, member: angler }))) continue;
      const household = this.households.find((h) => h.members.some((m) => m.id === angler.id))!;
      await this.at(new Date(seeded.start.getTime() + 7.2 * 3600_000), () =>
        this.services.catches.logSession(this.em, household.actor, {
          eventId: seeded.event.id,
          memberId: angler.id,
          hoursSpent: this.rng.int(8, 14) / 2,
          sessionDate: seeded.day,
        }),
      );
    }
  }

  /** Today's club day: a few catches logged this morning, waiting for the judge. */
  private async seedTodaysCatches() {
    const seeded = this.events.get('today')!;
    const openFor = (this.now.getTime() - seeded.start.getTime()) / 60_000;
    if (openFor < 60) return;
    const anglers = seeded.registered.filter((h) => h !== this.member && h !== this.admin).flatMap((h) => h.members);
    const planned: { angler: Member; species: Species }[] = [{ angler: this.person(this.member, 'Ethan'), species: 'Bream' }];
    for (let i = 1; i < seeded.plan.catches; i++)
      planned.push({ angler: this.rng.pick(anglers), species: this.rng.pick(seeded.plan.species) });
    const span = Math.min(openFor - 15, 7 * 60 - 10);
    const times = planned.map(() => this.rng.between(15, span)).sort((a, b) => a - b);
    const logged: { id: string; at: Date; mine: boolean }[] = [];
    for (const [i, c] of planned.entries()) {
      const size = i === 0 ? 27.5 : this.sizeFor(c.species);
      const at = new Date(seeded.start.getTime() + times[i] * 60_000);
      logged.push({
        id: await this.logCatch(seeded, c.angler, c.species, size, i === 0 || this.rng.chance(0.5) ? 'released' : 'kept', at),
        at,
        mine: i === 0,
      });
    }
    // The judges keep up during the day: catches logged over half an hour ago are checked (the member's own still waits).
    for (const c of logged) {
      const judgedAt = new Date(c.at.getTime() + 30 * 60_000);
      if (c.mine || judgedAt.getTime() > this.now.getTime() - 10 * 60_000) continue;
      await this.at(judgedAt, () => this.services.judging.judge(this.em, this.admin.actor, { action: 'approve', id: c.id }));
    }
  }

  // ---------- News ----------

  private async resultsHtml(key: string): Promise<{ html: string; excerpt: string }> {
    const seeded = this.events.get(key)!;
    const results = await this.services.judging.results(this.em, seeded.event.id);
    const winners = results.categories.map((c) => ({ species: c.species, first: c.placings[0] }));
    const rows = results.categories
      .flatMap((c) =>
        c.placings.map((p) => `<tr><td>${c.species}</td><td>${p.place}</td><td>${p.anglerName}</td><td>${p.size.toFixed(1)} cm</td></tr>`),
      )
      .join('');
    const top = winners.sort((a, b) => b.first.size - a.first.size)[0];
    const excerpt = `${seeded.registered.length} members fished the ${seeded.plan.name}. ${top ? `${top.first.anglerName} took out the ${top.species.toLowerCase()} category with ${top.first.size.toFixed(1)} cm.` : ''}`;
    const html = `<p>Thanks to everyone who came along to the <strong>${seeded.plan.name}</strong> at ${seeded.plan.location}. The weather was kind and the fish were on the bite.</p>
<table><thead><tr><th scope="col">Category</th><th scope="col">Place</th><th scope="col">Angler</th><th scope="col">Length</th></tr></thead><tbody>${rows}</tbody></table>
<p>Champion points (3, 2 and 1) go towards the season ladder on the club's home page. Prizes can be collected from Tweed Tackle & Bait.</p>`;
    return { html, excerpt };
  }

  private async seedNews() {
    const admin = this.admin.actor;
    const post = (
      daysAgo: number | IsoDate,
      time: string,
      article: { title: string; excerpt: string; content: string; featuredImageUrl?: string | null; published?: boolean },
    ) =>
      this.at(this.local(typeof daysAgo === 'string' ? daysAgo : addDays(this.today, -daysAgo), time), () =>
        this.services.cms.createNews(this.em, admin, newsInput.parse({ published: true, ...article })),
      );
    const imageOf = (key: string) => this.events.get(key)!.event.imageKey;

    const classic = await this.resultsHtml('bream-flathead');
    await post(addDays(this.events.get('bream-flathead')!.day, 1), '18:30', {
      title: 'Results: Tweed River Bream & Flathead Classic',
      excerpt: classic.excerpt,
      content: classic.html,
      featuredImageUrl: objectUrl(imageOf('bream-flathead')!),
    });
    await post(70, '20:00', {
      title: 'Dusky flathead: 36 cm minimum, and only one over 70 cm',
      excerpt: 'A reminder of the NSW rules for our most popular fish, and why we release the big breeders.',
      content: `<p>Dusky flathead must be at least <strong>36 cm</strong> to keep, the bag limit is 10, and <strong>only one fish longer than 70 cm</strong> may be kept per person per day. The big ones are nearly all breeding females: please photograph them on the brag mat and let them go.</p><p>Check the current limits on the <a href="https://www.dpi.nsw.gov.au/fishing/recreational/fishing-rules-and-regs" target="_blank">NSW DPI website</a> or in the FishSmart app before every trip.</p>`,
    });
    await post(113, '19:45', {
      title: 'Welcome aboard, Kingscliff Marine & Outboard',
      excerpt: 'Our newest shirt and website sponsor is putting up a $500 prize for a released mulloway.',
      content: `<p>The committee is delighted to welcome <strong>Kingscliff Marine & Outboard</strong> as a shirt and website sponsor. Leanne and the team service half the tinnies at the Chinderah ramp, and they are backing the Tweed Coast Mulloway Classic with a <strong>$500 prize for the heaviest legal mulloway released</strong>.</p>`,
    });
    const jacks = await this.resultsHtml('jacks');
    await post(addDays(this.events.get('jacks')!.day, 1), '17:10', {
      title: 'Results: Terranora Mangrove Jack Challenge',
      excerpt: jacks.excerpt,
      content: jacks.html,
      featuredImageUrl: objectUrl(imageOf('jacks')!),
    });
    await post(3, '08:30', {
      title: 'Junior Fishing Clinic: registrations open',
      excerpt: 'Knots, rigs, casting and a two-hour comp on Mooball Creek for members under 16. Rods and bait supplied.',
      content: `<p>Our <strong>Junior Fishing Clinic & Comp</strong> is on at Mooball Creek, Pottsville. Experienced members will teach knots, rigging, casting and how to handle and release fish, followed by a two-hour competition with medals for everyone.</p><p>Register in the Member Portal under Events. A parent or guardian must stay for the day.</p>`,
      featuredImageUrl: objectUrl(imageOf('juniors')!),
    });
    await post(1, '21:00', {
      title: 'Notice of Annual General Meeting',
      excerpt: 'The AGM and election of the committee, with a sausage sizzle from 5:30pm.',
      content:
        '<p>Notice is given of the Annual General Meeting of the Tweed Coast Anglers Club. Nominations for the committee close two weeks before the meeting.</p>',
      published: false,
    });
  }

  // ---------- Finishing ----------

  /** Moves each row's created_at (and updated_at) to the clock of the step that wrote it. */
  private async backdate() {
    if (!this.ranges.length) return;
    const values = this.ranges
      .map((r) => `('${r.start.toISOString()}'::timestamptz, '${r.end.toISOString()}'::timestamptz, '${r.at.toISOString()}'::timestamptz)`)
      .join(',\n');
    for (const [columns, tables] of [
      ['created_at', CREATED_AT],
      ['updated_at', UPDATED_AT],
    ] as const) {
      for (const table of tables) {
        await this.em.execute(
          `update ${table} t set ${columns} = r.at from (values ${values}) as r(s, e, at) where t.${columns} between r.s and r.e`,
        );
      }
    }
  }

  private async counts(): Promise<Record<string, number>> {
    const em = this.em;
    return {
      members: await em.count(Member, {}),
      households: this.households.length,
      events: await em.count(Event, {}),
      catches: await em.count(Catch, {}),
      sponsors: await em.count(Sponsor, {}),
      news: await em.count(NewsArticle, {}),
      pages: await em.count(ContentPage, {}),
      sections: await em.count(SiteSection, {}),
      payments: await em.count(Payment, {}),
    };
  }
}

/** The demo's species list is the club's: kept here so a renamed species fails loudly at start-up. */
for (const plan of EVENTS)
  for (const species of plan.species) if (!SPECIES.includes(species)) throw new Error(`Unknown species in the demo: ${species}`);
