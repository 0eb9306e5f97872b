// Command-line tools for the club's operators: `npm run cli -- <command>`.
import path from 'node:path';
import pino from 'pino';
import { ROLES, type Role } from '../src/shared/auth.constants';
import { AppError } from '../src/shared/errors';
import { openDatabase } from '../src/server/db/database';
import { loadEnv } from '../src/server/env';
import { loadOrCreateSecrets } from '../src/server/secrets';
import { AdminService } from '../src/server/services/admin.service';

const USAGE = `Usage:
  npm run cli -- admin grant <email>    make a signed-up user an administrator
  npm run cli -- admin revoke <email>   make an administrator an ordinary member again

Uses DATABASE_URL, or the embedded database in DATA_DIR (default ./data), whether or not the site is running.
Note: an address listed in ADMIN_EMAILS becomes an administrator again at its next sign-in.`;

async function main(args: string[]): Promise<number> {
  const [group, action, email] = args;
  if (group !== 'admin' || (action !== 'grant' && action !== 'revoke') || !email) {
    console.error(USAGE);
    return 2;
  }
  const env = loadEnv();
  const log = pino({ level: env.LOG_LEVEL === 'info' ? 'warn' : env.LOG_LEVEL });
  const dataDir = path.resolve(env.DATA_DIR);
  const db = await openDatabase({
    databaseUrl: env.DATABASE_URL,
    dataDir,
    databasePassword: loadOrCreateSecrets(dataDir).databasePassword,
    log: { info: (m) => log.info(m), debug: (m) => log.debug(m) },
  });
  try {
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
