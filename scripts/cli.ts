// Command-line tools for the club's operators: `npm run cli -- <command>`.
import { generateIdentity, identityToRecipient } from 'age-encryption';
import { chmodSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { ROLES, type Role } from '../src/shared/auth.constants';
import { AppError } from '../src/shared/errors';
import { restoreBackup, writeBackup } from '../src/server/db/backup';
import { openDatabase } from '../src/server/db/database';
import { loadEnv } from '../src/server/env';
import { createObjectStore } from '../src/server/integrations/storage';
import { loadOrCreateSecrets } from '../src/server/secrets';
import { AdminService } from '../src/server/accounts/admin.service';
import { currentSetupCode, setupNotice } from '../src/server/accounts/first-run-setup.service';

const USAGE = `Usage:
  npm run cli -- admin grant <email>    make a signed-up user an administrator
  npm run cli -- admin revoke <email>   make an administrator an ordinary member again
  npm run cli -- setup-code             the one-time code of the /setup page, where a new club makes its
                                        first administrator (only while there is none)
  npm run cli -- backup [file]          write the database and every uploaded image to one file
                                        (default DATA_DIR/backups/club-<date>-<time>.jsonl.gz)
  npm run cli -- restore <file>         load a backup into an empty database and object store
  npm run cli -- backup-key             make a key pair for encrypted backups: the public key goes into
                                        BACKUP_RECIPIENT on the server, the secret key stays with the committee

Backups are encrypted (age) when BACKUP_RECIPIENT or BACKUP_PASSPHRASE is set; restore opens them with
BACKUP_IDENTITY (the secret key) or BACKUP_PASSPHRASE.

Uses DATABASE_URL, or the embedded database in DATA_DIR (default ./data), whether or not the site is running,
and S3_* or DATA_DIR/objects for images.
Note: an address listed in ADMIN_EMAILS becomes an administrator again at its next sign-in.`;

const stamp = (d: Date) => d.toISOString().slice(0, 16).replace(':', '');

async function main(args: string[]): Promise<number> {
  const [command, action, email] = args;
  const valid =
    (command === 'admin' && (action === 'grant' || action === 'revoke') && !!email) ||
    (command === 'backup' && args.length <= 2) ||
    (command === 'restore' && args.length === 2) ||
    (command === 'setup-code' && args.length === 1);
  if (command === 'backup-key' && args.length === 1) {
    const secretKey = await generateIdentity();
    console.log(`Public key (set BACKUP_RECIPIENT to it on the server):\n  ${await identityToRecipient(secretKey)}\n`);
    console.log(
      `Secret key (keep it off the server, e.g. in the committee's password manager; restore needs it as BACKUP_IDENTITY):\n  ${secretKey}`,
    );
    return 0;
  }
  if (!valid) {
    console.error(USAGE);
    return 2;
  }
  const env = loadEnv();
  const log = pino({ level: env.LOG_LEVEL === 'info' ? 'warn' : env.LOG_LEVEL });
  const dataDir = path.resolve(env.DATA_DIR);
  const secrets = loadOrCreateSecrets(dataDir);
  const db = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir,
    databasePassword: secrets.databasePassword,
    log: { info: (m) => log.info(m), warn: (m) => log.warn(m), debug: (m) => log.debug(m) },
    migrate: command !== 'restore',
  });
  const objects = createObjectStore(env, env.SESSION_SECRET ?? secrets.sessionSecret);
  try {
    if (command === 'backup') {
      const encryption =
        env.BACKUP_RECIPIENT || env.BACKUP_PASSPHRASE ? { recipient: env.BACKUP_RECIPIENT, passphrase: env.BACKUP_PASSPHRASE } : undefined;
      const file = path.resolve(action ?? path.join(dataDir, 'backups', `club-${stamp(new Date())}.jsonl.gz${encryption ? '.age' : ''}`));
      // Every member's details are in there: the folder is its owner's alone.
      mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
      if (!action) chmodSync(path.dirname(file), 0o700);
      const summary = await writeBackup({ databaseUrl: db.url, objects, file, encryption });
      const rows = Object.values(summary.rows).reduce((a, b) => a + b, 0);
      console.log(
        `Backed up ${rows} records and ${summary.objects} images to ${file}${encryption ? ' (encrypted with age)' : ' (not encrypted: set BACKUP_RECIPIENT to encrypt backups)'}`,
      );
      return 0;
    }
    if (command === 'restore') {
      const decryption = { identity: env.BACKUP_IDENTITY, passphrase: env.BACKUP_PASSPHRASE };
      const summary = await restoreBackup({ orm: db.orm, databaseUrl: db.url, objects, file: path.resolve(action), decryption });
      const rows = Object.values(summary.rows).reduce((a, b) => a + b, 0);
      console.log(`Restored ${rows} records and ${summary.objects} images from ${action}`);
      return 0;
    }
    if (command === 'setup-code') {
      const code = await currentSetupCode(db.orm.em.fork(), env.SESSION_SECRET ?? secrets.sessionSecret);
      // Printing the code is the point: whoever runs this on the server is who may make the first administrator.
      if (code) console.log(setupNotice(env.PUBLIC_URL, code));
      else console.error('The club has an administrator already, so the setup page is closed (admin grant makes another).');
      return code ? 0 : 1;
    }
    const role: Role = action === 'grant' ? 'admin' : ROLES[0];
    const user = await new AdminService().setRole(db.orm.em.fork(), { user: null, label: 'cli' }, email, role);
    console.log(`${user.email} is now ${role === 'admin' ? 'an administrator' : 'a member'}.`);
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
