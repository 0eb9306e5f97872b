import pg from 'pg';

/** After a lost connection the next try waits this long, then longer, at most the last. */
const RECONNECT_MS = [250, 1000, 3000, 10_000];

interface Log {
  warn(obj: object, msg: string): void;
}

export interface ListenerHandlers {
  /** A NOTIFY on the channel, with its payload. */
  notification: (payload: string) => void;
  /** Listening (again): whatever was announced while nobody listened is to be picked up now. */
  listening: () => void;
  /** The connection is gone (a reconnect is on its way): nothing heard until `listening` again. */
  lost: () => void;
}

/**
 * One LISTEN connection to PostgreSQL that comes back by itself: on an error or a closed connection it tells its
 * owner, warns once per loss and reconnects after 250 ms, then 1, 3 and every 10 s. The content cache and the live
 * boards each hold one (NOTIFY reaches every instance of the site, and only when the writing transaction commits).
 */
export class PgListener {
  private client: pg.Client | null = null;
  private closed = false;
  private attempt = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly options: { databaseUrl: string; channel: string; log: Log; what: string },
    private readonly on: ListenerHandlers,
  ) {}

  /** Whether it is listening now (connected, LISTEN done, not closed). */
  get listening(): boolean {
    return this.client !== null;
  }

  async start(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.options.databaseUrl });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    client.on('notification', (message) => this.on.notification(message.payload ?? ''));
    try {
      await client.connect();
      await client.query(`LISTEN ${this.options.channel}`);
      if (this.closed) return void (await client.end().catch(() => {}));
      this.client = client;
      this.attempt = 0;
      this.on.listening();
    } catch (error) {
      this.lost(client, error as Error);
    }
  }

  private lost(client: pg.Client, error?: Error): void {
    if (this.client && this.client !== client) return;
    this.client = null;
    this.on.lost();
    client.end().catch(() => {});
    if (this.closed || this.timer) return;
    if (error) this.options.log.warn({ err: error.message }, `${this.options.what} lost its database listener; reconnecting`);
    const delay = RECONNECT_MS[Math.min(this.attempt++, RECONNECT_MS.length - 1)];
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.start();
    }, delay);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }
}
