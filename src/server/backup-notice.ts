import { PLAIN_BACKUPS, type SiteHealth } from '../shared/site-health.schema';
import type { Env } from './env';

/** Whether the backups this site's command line writes are encrypted, and how; when not, how to set a key. */
export function backupsNotice(env: Pick<Env, 'BACKUP_RECIPIENT' | 'BACKUP_PASSPHRASE'>): SiteHealth['backups'] {
  if (env.BACKUP_RECIPIENT)
    return { encryption: 'age key', message: "Backups are encrypted to the committee's age key (BACKUP_RECIPIENT)." };
  if (env.BACKUP_PASSPHRASE) return { encryption: 'passphrase', message: 'Backups are encrypted with a passphrase (BACKUP_PASSPHRASE).' };
  return { encryption: null, message: PLAIN_BACKUPS };
}

/** One warning line for the start-up log of a production site whose backups would be plain; null otherwise. */
export function plainBackupsWarning(env: Pick<Env, 'NODE_ENV' | 'BACKUP_RECIPIENT' | 'BACKUP_PASSPHRASE'>): string | null {
  return env.NODE_ENV === 'production' && backupsNotice(env).encryption === null ? PLAIN_BACKUPS : null;
}
