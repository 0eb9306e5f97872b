/*
 * The demo club for `npm run demo`: members of every kind, past and coming events, judged catches with
 * photos, sponsors, news and content, so a newcomer sees every screen filled.
 *
 * Everything goes through the club's own services (joining and paying with the demo payment provider,
 * registering for events, logging and judging catches, sponsor applications, their invoices and payments, the CMS), each run with a
 * clock set to when it "happened", so the records agree with each other the way real use leaves them.
 * It all runs in one transaction: a database is either left untouched or holds the whole demo.
 * The steps are in the files beside this one, in the order `seedSteps` runs them.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { EXAMPLE_CLUB_SPECIES } from '../../shared/club-example';
import { speciesNamed } from '../../shared/species';
import { clubToday, type IsoDate } from '../../shared/dates';
import { AuditLog, Catch, ContentPage, Event, Member, NewsArticle, Payment, SiteSection, SiteSetting, Sponsor, User } from '../db/entities';
import type { Env } from '../env';
import { recordAudit } from '../platform/audit.service';
import { seedPastCompetitions, seedTodaysCatches } from './catches';
import { seedCompetition } from './competition';
import { seedMemberCard } from './member-card';
import { seedMemberDetails } from './member-details';
import { seedContent } from './content';
import { seedFairPlay } from './fair-play';
import { DemoContext, type DemoSeedOptions } from './context';
import { DEMO_DOMAIN, EVENTS } from './demo-data';
import { seedEntryDay, seedHeldGuestEntry } from './entries';
import { seedEvents } from './events';
import { backdate, countRows } from './finish';
import { seedLoginChange } from './login-change';
import { seedMemberRecords } from './member-records';
import { expireLapsedMemberships, seedMembers } from './members';
import { seedNews } from './news';
import { seedNewsletters } from './newsletters';
import { seedNotificationChoices } from './notifications';
import { seedSponsors } from './sponsors';

export { DEMO_DOMAIN, DEMO_LOGINS } from './demo-data';
export type { DemoSeedOptions } from './context';

/** The demo was not seeded, on purpose: the message says why and what to do. */
export class DemoSeedRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DemoSeedRefused';
  }
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
    const demo = new DemoContext(tem, options);
    return { seeded: true, seededOn: demo.today, counts: await seedSteps(demo) };
  });
}

/** The steps in order (each uses what the earlier ones made), then the marker that says the demo is here. */
async function seedSteps(demo: DemoContext): Promise<Record<string, number>> {
  demo.log('Seeding the demo club: members and payments');
  await seedMembers(demo);
  await seedNotificationChoices(demo);
  await seedMemberCard(demo);
  await seedMemberDetails(demo);
  demo.log('Seeding the demo club: content, sponsors and events');
  await seedContent(demo);
  await seedSponsors(demo);
  await seedEvents(demo);
  await seedEntryDay(demo);
  demo.log('Seeding the demo club: catches, judging and news');
  await seedPastCompetitions(demo);
  await seedFairPlay(demo);
  await seedTodaysCatches(demo);
  await seedNews(demo);
  await seedNewsletters(demo);
  await seedCompetition(demo);
  await expireLapsedMemberships(demo);
  await seedMemberRecords(demo);
  await seedLoginChange(demo);
  // Last: it happens as the demo is seeded, after everything else.
  await seedHeldGuestEntry(demo);
  await backdate(demo);
  const counts = await countRows(demo);
  recordAudit(demo.em, {
    actor: null,
    actorLabel: 'npm run demo',
    action: MARKER,
    entityType: 'Demo',
    entityId: 'demo-club',
    after: { seededOn: demo.today, counts },
  });
  await demo.em.flush();
  return counts;
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

/** The demo's events fish for the Tweed club's species: checked here so a renamed species fails loudly at start-up. */
for (const plan of EVENTS)
  for (const species of plan.species)
    if (!speciesNamed(EXAMPLE_CLUB_SPECIES, species)) throw new Error(`Unknown species in the demo: ${species}`);
