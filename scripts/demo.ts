// `npm run demo`: the site with a demo club (members, events, catches, sponsors, news, content) on its own
// data folder, ./data-demo unless DATA_DIR says otherwise. Seeded once; delete the folder to start again.
import path from 'node:path';
import { clubToday, formatAuDate } from '../src/shared/dates';
import {
  ALLOW_EXTERNAL_FLAG,
  DEMO_LOGINS,
  DemoSeedRefused,
  demoEnvironmentRefusal,
  seedDemoClub,
  type DemoSeedResult,
} from '../src/server/demo/seed';
import { loadEnv } from '../src/server/env';
import { startSite } from '../src/server/start-site';

async function main(args: string[]): Promise<number | null> {
  const allowExternal = args.includes(ALLOW_EXTERNAL_FLAG);
  if (args.some((a) => a !== ALLOW_EXTERNAL_FLAG)) {
    console.error(`Usage: npm run demo [-- ${ALLOW_EXTERNAL_FLAG}]`);
    return 2;
  }
  let env;
  try {
    // The demo's own folder, so a developer's ./data is never touched.
    env = loadEnv({ ...process.env, DATA_DIR: process.env.DATA_DIR?.trim() || './data-demo' });
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
  const refusal = demoEnvironmentRefusal(env, allowExternal);
  if (refusal) {
    console.error(refusal);
    return 2;
  }
  const dataDir = path.relative(process.cwd(), path.resolve(env.DATA_DIR)) || '.';
  let result: DemoSeedResult | undefined;
  try {
    await startSite({
      env,
      async prepare({ orm, objects, log, sessionSecret, mailer }) {
        result = await seedDemoClub({ orm, objects, env: env!, log: (message) => log.info(message), sealingSecret: sessionSecret, mailer });
      },
      ready() {
        const seededOn = formatAuDate(result!.seededOn);
        console.log(
          [
            '',
            `Demo club ready at ${env!.PUBLIC_URL}  (${
              result!.seeded
                ? `seeded just now: ${Object.entries(result!.counts)
                    .map(([k, v]) => `${v} ${k}`)
                    .join(', ')}`
                : `reusing the demo seeded on ${seededOn}`
            })`,
            `  Administrator: ${DEMO_LOGINS.admin.email}  password: ${DEMO_LOGINS.admin.password}`,
            `  Member:        ${DEMO_LOGINS.member.email}  password: ${DEMO_LOGINS.member.password}  (Daniel Nguyen, family membership)`,
            `  Other demo members sign in with their e-mail alone; the link lands in ${path.join(dataDir, 'outbox')}.`,
            env!.DATABASE_URL
              ? '  To start again, stop the site and empty that database.'
              : `  Everything lives in ${dataDir}. To start again with dates around today: stop the site (Ctrl+C) and delete ${dataDir}.`,
            ...(result!.seededOn !== clubToday(new Date()) && !result!.seeded
              ? [`  Its dates are relative to ${seededOn}; delete ${dataDir} to move them to today.`]
              : []),
            '',
          ].join('\n'),
        );
      },
    });
    return null;
  } catch (error) {
    if (error instanceof DemoSeedRefused) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
}

main(process.argv.slice(2)).then(
  // null: the site is running and exits on SIGTERM or SIGINT.
  (code) => code !== null && process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
