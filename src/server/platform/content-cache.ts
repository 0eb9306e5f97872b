import { createHash, randomUUID } from 'node:crypto';
import { PgListener } from '../db/pg-listener';

/** The PostgreSQL channel every instance listens on (unless told another); any write to what it keeps notifies it. */
export const CONTENT_CHANNEL = 'club_content_changed';
/** A backstop for what changes with time alone (an event starting, a sponsor's end date passing). */
const MINUTE_MS = 60_000;
/** Finished answers kept at most, unless told another (a caller varying the query cannot grow it further). */
const MAX_RESPONSES = 200;

export interface Cached<T> {
  value: T;
  /** A strong validator of the JSON the value serialises to. */
  etag: string;
}

/** The finished HTTP answer to a public read: its bytes and the headers that describe them. */
export interface CachedResponse {
  body: Buffer;
  headers: Record<string, string>;
}

export interface ContentCacheOptions {
  /** The PostgreSQL channel of its notifications (one per cache watching its own entities). */
  channel?: string;
  maxResponses?: number;
  now?: () => number;
}

interface Log {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * An in-process cache of the finished answers of public reads (landing sections, active sponsors, upcoming events,
 * news, settings: `response`, keyed by the procedure and its input, declared by the procedure's `meta.cache`), or, as a
 * second instance on its own channel, of the answers made per signed-in caller (the session, profile, dashboard, own
 * catches); and of what is worked out from the club's content for other uses (the assistant's passages: `get`). It
 * never has to be told of a write by hand: an ORM subscriber (`ContentChanges`) sees every committed write to the
 * entities the public reads declare (`meta.cache.reads`), sends a NOTIFY inside the writing transaction and clears
 * this instance once it commits; every instance listening clears too. While this instance is not listening
 * (starting, or the database connection dropped) it serves straight from the database, so it is never stale because
 * it missed a notification. Everything kept is dropped together at the turn of each minute of `now` (the app's
 * clock), so nothing kept outlives the minute it was made in, nor therefore the club's day (whose midnight is on a
 * minute).
 */
export class ContentCache {
  private readonly entries = new Map<string, Cached<unknown>>();
  private readonly responses = new Map<string, CachedResponse>();
  private generation = 0;
  private clearedMinute: number;
  private listener: PgListener | null = null;
  private closed = false;

  private readonly channel: string;
  private readonly maxResponses: number;
  /** This instance's name in its notifications: it cleared itself when its write committed, so it skips its own. */
  private readonly instance = randomUUID();
  /**
   * The statement that tells every instance (this one included) that what it keeps changed; run inside the
   * writing transaction, PostgreSQL delivers it only if that transaction commits.
   */
  readonly notifySql: string;
  private readonly now: () => number;

  constructor(
    private readonly databaseUrl: string | undefined,
    private readonly log: Log,
    options: ContentCacheOptions = {},
  ) {
    this.channel = options.channel ?? CONTENT_CHANNEL;
    this.maxResponses = options.maxResponses ?? MAX_RESPONSES;
    this.now = options.now ?? Date.now;
    this.clearedMinute = this.minute();
    this.notifySql = `select pg_notify('${this.channel}', '${this.instance}')`;
  }

  /** Starts listening for other instances' writes (no-op without a database URL: nothing is cached). */
  async start(): Promise<void> {
    if (!this.databaseUrl || this.closed) return;
    this.listener ??= new PgListener(
      { databaseUrl: this.databaseUrl, channel: this.channel, log: this.log, what: 'The content cache' },
      {
        notification: (payload) => payload !== this.instance && this.clear(),
        // Whatever was kept before is dropped: a write may have been missed while nobody listened.
        listening: () => this.clear(),
        lost: () => this.clear(),
      },
    );
    await this.listener.start();
  }

  /** Whether a change anywhere reaches this instance now: only then is anything kept. */
  private get listening(): boolean {
    return this.listener?.listening ?? false;
  }

  /** The cached value of `key`, loading it when missing, expired or while not listening. */
  async get<T>(key: string, load: () => Promise<T>): Promise<Cached<T>> {
    this.expire();
    const hit = this.entries.get(key);
    if (this.listening && hit) return hit as Cached<T>;
    const generation = this.generation;
    const value = await load();
    const entry = { value, etag: etagOf(value) };
    // A write that landed while this was loading wins: do not keep what may predate it.
    if (this.listening && generation === this.generation) this.entries.set(key, entry);
    return entry;
  }

  /** The kept answer for `key`, if any. */
  response(key: string): CachedResponse | undefined {
    this.expire();
    return this.listening ? this.responses.get(key) : undefined;
  }

  /**
   * Take a ticket before making an answer and hand it to `keepResponse` with the answer: an answer whose
   * values may predate a write (or an expiry) since the ticket is not kept. `null`: nothing may be kept now.
   */
  responseTicket(): number | null {
    this.expire();
    return this.listening ? this.generation : null;
  }

  keepResponse(key: string, ticket: number, response: CachedResponse): void {
    this.expire();
    if (!this.listening || ticket !== this.generation) return;
    if (this.responses.size >= this.maxResponses && !this.responses.has(key)) this.responses.delete(this.responses.keys().next().value!);
    this.responses.set(key, response);
  }

  private minute() {
    return Math.floor(this.now() / MINUTE_MS);
  }

  private expire() {
    if (this.minute() !== this.clearedMinute) this.clear();
  }

  private clear() {
    this.generation++;
    this.entries.clear();
    this.responses.clear();
    this.clearedMinute = this.minute();
  }

  /** Clears this instance at once (a write it made has committed); the others hear of it through the channel. */
  changedHere(): void {
    this.clear();
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.listener?.close();
  }
}

export function etagOf(value: unknown): string {
  return `"${createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 27)}"`;
}

/** Whether an If-None-Match header names `etag` (weak or strong). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  return !!ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
