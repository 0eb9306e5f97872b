import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import { EXAMPLE_MEMBERSHIP_RULES } from '../../shared/club-example';
import { clubLocalToInstant, clubToday, type IsoDate } from '../../shared/dates';
import type { MembershipRules } from '../../shared/membership';
import type { eventInput } from '../../shared/events.schema';
import type { Clock } from '../clock';
import type { Event, Member, User } from '../db/entities';
import type { Env } from '../env';
import { withClubSender, type Mailer, type OutgoingMail } from '../integrations/mailer';
import { createDemoProvider } from '../integrations/payments/demo';
import type { ObjectStore } from '../integrations/storage';
import { createServices, type Services } from '../services';
import type { Actor } from '../platform/actor';
import { ContentCache } from '../platform/content-cache';
import { objectUrl } from '../platform/object-keys';
import { RATE_RULES, type RateRules } from '../platform/rate-limit.service';
import type { DemoEvent, DemoHousehold } from './demo-data';
import { randomSource, type RandomSource } from './demo-images';
import { IMAGE_MAX_BYTES } from '../../shared/uploads';

export interface DemoSeedOptions {
  orm: MikroORM;
  /** Where catch photos, event pictures and logos go, as uploads do. */
  objects: ObjectStore;
  env: Pick<Env, 'NODE_ENV' | 'PUBLIC_URL'> & Partial<Pick<Env, 'MAIL_FROM'>>;
  /** "Today" for the demo (default: now). */
  now?: Date;
  /** Progress lines. */
  log?: (message: string) => void;
  /** The site's secret the mystery fish is sealed under (the running site's, so it can reveal it); default: a throw-away one. */
  sealingSecret?: string;
  /** The site's mail (its outbox without SMTP): where a step leaves mail for the committee to open; default: none. */
  mailer?: Mailer;
}

export interface SeededHousehold {
  plan: DemoHousehold;
  user: User;
  actor: Actor;
  primary: Member;
  members: Member[];
  /** First day of membership (join payment) and the expiry, or null while pending. */
  joinedOn: IsoDate | null;
  expiresOn: IsoDate | null;
}

export interface SeededEvent {
  plan: DemoEvent;
  event: Event;
  day: IsoDate;
  start: Date;
  input: ReturnType<typeof eventInput.parse>;
  registered: SeededHousehold[];
}

/** A scripted oddity; 'offshore' (a photo taken out at sea, logged from the beach) is left for the judge. */
export type Special =
  | 'noExif'
  | 'noCode'
  | 'dayBefore'
  | 'outside'
  | 'duplicate'
  | 'offshore'
  | 'pending'
  | 'corrected'
  /** The camera's make and time, but no position (location off for the camera). */
  | 'noPlace';

/** A clock the seeder moves to when each thing happened. */
class SeedClock implements Clock {
  private at = new Date();
  now = () => new Date(this.at.getTime());
  set(at: Date) {
    this.at = at;
  }
}

/**
 * The demo's history sends no mail: receipts and confirmations for long-past events would only fill the outbox. It
 * keeps, in memory, the last mail each address was sent, for a step that follows its link (a sponsor confirming the
 * address the acknowledgement went to), and passes on only what a step leaves for the committee (`leavingMail`).
 */
class DemoMail implements Mailer {
  readonly kind = 'outbox';
  private readonly last = new Map<string, OutgoingMail>();
  /** The site's mail while a step leaves its mail there; null otherwise. */
  outbox: Mailer | null = null;
  async send(mail: OutgoingMail) {
    this.last.set(mail.to, mail);
    await this.outbox?.send(mail);
  }
  close() {}
  /** The secret of the link to `path` in the last mail sent to `address`. */
  linkTo(address: string, path: string): string {
    const text = this.last.get(address)?.text ?? '';
    const token = new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(text)?.[1];
    if (!token) throw new Error(`The demo found no ${path} link in the mail to ${address}`);
    return token;
  }
}

const unlimited: RateRules = Object.fromEntries(
  Object.entries(RATE_RULES).map(([k, rule]) => [k, { ...rule, limit: 1_000_000 }]),
) as RateRules;

export const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What the seeding steps share: the club's services on a clock the steps move, one random source (so the demo is
 * the same every time), and what earlier steps made (households, events, photos) for the later ones to use.
 */
export class DemoContext {
  readonly today: IsoDate;
  readonly now: Date;
  readonly clock = new SeedClock();
  readonly services: Services;
  readonly rng: RandomSource = randomSource(1987);
  /**
   * The example club's membership rules, which the demo's people and events are written for: the demo seeds only an
   * empty database, whose club reads as the example club until it saves rules of its own.
   */
  readonly membership: MembershipRules = EXAMPLE_MEMBERSHIP_RULES;
  /** When each step ran and the time it stands for, to date the rows it wrote (see `backdate`). */
  readonly ranges: { start: Date; end: Date; at: Date }[] = [];
  readonly households: SeededHousehold[] = [];
  readonly events = new Map<string, SeededEvent>();
  readonly photosByCatch = new Map<string, Buffer>();
  readonly mail = new DemoMail();
  /** The two logins' households (the secretary, an administrator, and a member's family). */
  admin!: SeededHousehold;
  member!: SeededHousehold;
  private ipCounter = 1;

  constructor(
    readonly em: EntityManager,
    readonly options: DemoSeedOptions,
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
      sealingSecret: options.sealingSecret ?? randomBytes(32).toString('base64url'),
      mailer: this.mail,
      publicUrl: options.env.PUBLIC_URL,
      adminEmails: [],
      rateRules: unlimited,
      payments: createDemoProvider(),
      log: quiet,
    });
  }

  log(message: string) {
    this.options.log?.(message);
  }

  /** A club wall-clock time on a day relative to today. */
  local(day: IsoDate, time: string): Date {
    return clubLocalToInstant(`${day}T${time}`);
  }

  /** Runs one step with the clock at `when`; the rows it writes are dated then. Never in the future. */
  async at<T>(when: Date, run: () => Promise<T>): Promise<T> {
    const latest = new Date(this.now.getTime() - 5 * 60_000);
    return this.runAt(when > latest ? latest : when, run);
  }

  /**
   * Runs one step at the moment the demo is seeded, for what must still be under way when the site opens (an unpaid
   * guest entry holding its place for its 10 minutes).
   */
  atSeedTime<T>(run: () => Promise<T>): Promise<T> {
    return this.runAt(this.now, run);
  }

  /**
   * Runs `run` with the mail it sends left in the site's outbox (`options.mailer`), for the committee to open; the
   * sender is named after the club, as the site's own mail is (app.ts).
   */
  async leavingMail<T>(run: () => Promise<T>): Promise<T> {
    const { mailer, env } = this.options;
    const name = env.MAIL_FROM ? undefined : async () => (await this.services.club.profile(this.em.fork())).name;
    this.mail.outbox = mailer ? withClubSender(mailer, { name }) : null;
    try {
      return await run();
    } finally {
      this.mail.outbox = null;
    }
  }

  private async runAt<T>(at: Date, run: () => Promise<T>): Promise<T> {
    this.clock.set(at);
    await sleep(2);
    const start = new Date();
    const result = await run();
    await this.em.flush();
    this.ranges.push({ start, end: new Date(), at });
    await sleep(2);
    return result;
  }

  actor(user: User | null): Actor {
    return { user, ip: `192.0.2.${(this.ipCounter++ % 250) + 1}` };
  }

  // ---------- Images through the upload path ----------

  /** Puts a picture where a browser upload would, then lets the service take it (checked and re-encoded). */
  async uploadSlot(actor: Actor, bytes: Buffer): Promise<string> {
    const { uploadURL } = await this.services.uploads.createUpload(this.em, actor);
    const id = /\/incoming\/([0-9a-f-]{36})/.exec(uploadURL)![1];
    await this.options.objects.put(`incoming/${id}`, bytes, 'image/jpeg');
    return uploadURL;
  }

  async storedImageUrl(bytes: Buffer): Promise<string> {
    const key = await this.services.uploads.storeImage(this.em, this.admin.user, bytes, IMAGE_MAX_BYTES);
    return objectUrl(key);
  }

  async storedImageUrlAt(when: Date, bytes: Buffer): Promise<string> {
    return this.at(when, () => this.storedImageUrl(bytes));
  }
}
