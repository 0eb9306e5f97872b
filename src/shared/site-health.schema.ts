import { z } from 'zod';

/** The command that makes a key pair for encrypted backups. */
export const BACKUP_KEY_COMMAND = 'npm run cli -- backup-key';

export const PLAIN_BACKUPS = `Backups are not encrypted: anyone who gets a backup file can read every member's details. To encrypt them, run \`${BACKUP_KEY_COMMAND}\`, set BACKUP_RECIPIENT on the server to the public key it prints (or set BACKUP_PASSPHRASE to a passphrase of 12 characters or more), and keep the secret key off the server: restoring needs it as BACKUP_IDENTITY.`;

/** How the site stands on what the committee must set up itself: for now, whether backups are encrypted. */
export const siteHealth = z.object({
  backups: z.object({
    /** 'age key': BACKUP_RECIPIENT; 'passphrase': BACKUP_PASSPHRASE; null: backups are written plain. */
    encryption: z.enum(['age key', 'passphrase']).nullable(),
    /** What that means, and when plain, how to set a key. */
    message: z.string(),
  }),
});
export type SiteHealth = z.infer<typeof siteHealth>;
