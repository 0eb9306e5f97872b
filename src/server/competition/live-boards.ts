import { PgListener } from '../db/pg-listener';
import type { LiveBoard } from '../../shared/catches.schema';
import { AppError } from '../../shared/errors';
import { LIVE_BOARD_EVENT, LIVE_HEARTBEAT_MS } from '../../shared/results';
import { BOARD_CHANNEL, EVERY_BOARD } from './board-changes';

/** Where a follower's stream goes: the text of server-sent events, and the end of the stream. */
export interface BoardSink {
  write(text: string): void;
  end(): void;
  /** Bytes written but not yet sent: a follower that stops reading is let go rather than buffered for. */
  readonly backlog: number;
}

/** An event's board as its followers on this instance share it: worked out once per change, sent to each. */
export interface BoardFeed {
  readonly eventId: string;
  json: string | null;
  readonly sinks: Set<BoardSink>;
  /** The refresh under way, and whether another change came in while it ran (so it runs once more). */
  running: Promise<void> | null;
  again: boolean;
}

export interface LiveBoardsOptions {
  heartbeatMs?: number;
  /** Streams one instance keeps open at most (each is a socket; beyond this, 503 and the page polls instead). */
  maxStreams?: number;
  /** A follower whose unsent bytes pass this is disconnected (its browser reconnects and starts afresh). */
  maxBacklogBytes?: number;
}

interface Log {
  warn(obj: object, msg: string): void;
}

/** What an EventSource waits before reconnecting when a stream ends (a restart, a deploy). */
const RETRY_MS = 3000;

/** One server-sent event carrying a whole board. */
export const boardEvent = (json: string) => `event: ${LIVE_BOARD_EVENT}\ndata: ${json}\n\n`;

/**
 * The live boards this instance streams (GET /api/events/{id}/live). Every instance LISTENs on BOARD_CHANNEL, where
 * any instance's write to what an event's board shows is announced (`watchBoardChanges`), so a follower sees every
 * change whichever instance took it. Per event, the board is worked out once per change (changes that arrive while
 * it is being worked out are folded into one more run) and the same bytes go to every follower; a change that
 * leaves the board as it was sends nothing. A heartbeat comment keeps quiet streams open through proxies, and on
 * the same beat each followed board is worked out again: the backstop for what no write announces (fishing closing
 * at its hour, an edit to the event) and for notifications missed while the listener was reconnecting.
 */
export class LiveBoards {
  private readonly feeds = new Map<string, BoardFeed>();
  private listener: PgListener | null = null;
  private closed = false;
  private readonly beat: NodeJS.Timeout;
  private readonly maxStreams: number;
  private readonly maxBacklog: number;
  private streams = 0;

  constructor(
    private readonly databaseUrl: string | undefined,
    /** Works out an event's board (AppError NOT_FOUND for an unknown event). */
    private readonly compute: (eventId: string) => Promise<LiveBoard>,
    private readonly log: Log,
    options: LiveBoardsOptions = {},
  ) {
    this.maxStreams = options.maxStreams ?? 2000;
    this.maxBacklog = options.maxBacklogBytes ?? 1024 * 1024;
    this.beat = setInterval(() => this.heartbeat(), options.heartbeatMs ?? LIVE_HEARTBEAT_MS);
    this.beat.unref();
  }

  /** Starts listening for changes announced by any instance (without a database URL, the heartbeat alone refreshes). */
  async start(): Promise<void> {
    if (!this.databaseUrl || this.closed) return;
    this.listener ??= new PgListener(
      { databaseUrl: this.databaseUrl, channel: BOARD_CHANNEL, log: this.log, what: 'The live boards' },
      {
        notification: (payload) => payload && this.changed(payload),
        // Whatever changed while nobody was listening is picked up now.
        listening: () => {
          for (const feed of this.feeds.values()) this.refreshQuietly(feed);
        },
        lost: () => undefined,
      },
    );
    await this.listener.start();
  }

  /** Whether every change reaches this instance now (a board kept is then current). */
  private get listening(): boolean {
    return this.listener?.listening ?? false;
  }

  /** Whether another stream may be opened on this instance. */
  get full(): boolean {
    return this.streams >= this.maxStreams;
  }

  /**
   * The board of an event as it stands, for a follower about to subscribe: the one already kept when this instance
   * follows the event and is listening, otherwise worked out now. AppError NOT_FOUND for an unknown event.
   */
  async open(eventId: string): Promise<BoardFeed> {
    let feed = this.feeds.get(eventId);
    if (feed?.json && this.listening && !feed.running) return feed;
    if (!feed) {
      feed = { eventId, json: null, sinks: new Set(), running: null, again: false };
      this.feeds.set(eventId, feed);
    }
    try {
      await this.refresh(feed);
    } catch (error) {
      if (!feed.sinks.size && this.feeds.get(eventId) === feed) this.feeds.delete(eventId);
      throw error;
    }
    return feed;
  }

  /** Subscribes a stream to a feed `open` gave: the board at once, then each change; the returned function unsubscribes. */
  follow(feed: BoardFeed, sink: BoardSink): () => void {
    if (this.feeds.get(feed.eventId) !== feed) this.feeds.set(feed.eventId, feed);
    sink.write(`retry: ${RETRY_MS}\n\n${boardEvent(feed.json!)}`);
    feed.sinks.add(sink);
    this.streams++;
    let following = true;
    return () => {
      if (!following) return;
      following = false;
      this.streams--;
      feed.sinks.delete(sink);
      if (!feed.sinks.size && !feed.running && this.feeds.get(feed.eventId) === feed) this.feeds.delete(feed.eventId);
    };
  }

  /**
   * An event's board may have changed (a notification from any instance): work it out again if anyone here follows
   * it. EVERY_BOARD: a rule every board follows has changed, so each followed board is worked out again.
   */
  changed(eventId: string): void {
    if (eventId === EVERY_BOARD) {
      for (const feed of this.feeds.values()) this.refreshQuietly(feed);
      return;
    }
    const feed = this.feeds.get(eventId);
    if (feed) this.refreshQuietly(feed);
  }

  private refresh(feed: BoardFeed): Promise<void> {
    if (feed.running) {
      feed.again = true;
      return feed.running;
    }
    feed.running = (async () => {
      try {
        do {
          feed.again = false;
          const json = JSON.stringify(await this.compute(feed.eventId));
          if (json !== feed.json) {
            const first = feed.json === null;
            feed.json = json;
            if (!first) this.broadcast(feed, boardEvent(json));
          }
        } while (feed.again);
      } finally {
        feed.running = null;
      }
    })();
    return feed.running;
  }

  private refreshQuietly(feed: BoardFeed) {
    this.refresh(feed).catch((error: unknown) => {
      // The event is gone: its followers have nothing more to follow.
      if (error instanceof AppError && error.code === 'NOT_FOUND') {
        for (const sink of feed.sinks) sink.end();
        return;
      }
      this.log.warn(
        { err: (error as Error).message, eventId: feed.eventId },
        'Could not work out a live board; its followers keep the last one',
      );
    });
  }

  private broadcast(feed: BoardFeed, text: string) {
    for (const sink of feed.sinks) {
      if (sink.backlog > this.maxBacklog) sink.end();
      else sink.write(text);
    }
  }

  private heartbeat() {
    for (const feed of this.feeds.values()) {
      // Its last follower left while it was being worked out: nobody needs it any more.
      if (!feed.sinks.size) {
        if (!feed.running) this.feeds.delete(feed.eventId);
        continue;
      }
      this.broadcast(feed, ': heartbeat\n\n');
      this.refreshQuietly(feed);
    }
  }

  /** Ends every stream (a shutdown has begun: each browser reconnects, to another instance or to this one restarted). */
  endStreams(): void {
    for (const feed of this.feeds.values()) for (const sink of feed.sinks) sink.end();
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.beat);
    this.endStreams();
    await this.listener?.close();
  }
}
