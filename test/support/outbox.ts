import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseMail, type ReceivedMail } from './mime';

/** Every e-mail to `to` in an outbox folder (SMTP_URL unset), oldest first. */
export function outboxMails(outboxDir: string, to: string): ReceivedMail[] {
  let files: string[] = [];
  try {
    files = readdirSync(outboxDir)
      .filter((f) => f.endsWith('.eml'))
      .sort();
  } catch {
    // The folder appears with the first mail.
  }
  return files.map((f) => parseMail(readFileSync(path.join(outboxDir, f), 'utf8'))).filter((m) => m.to.some((t) => t.includes(to)));
}

/** The newest e-mail to `to`, waiting briefly until at least `count` have arrived. */
export async function outboxMail(outboxDir: string, to: string, count = 1): Promise<ReceivedMail> {
  for (let i = 0; i < 50; i++) {
    const mails = outboxMails(outboxDir, to);
    if (mails.length >= count) return mails[mails.length - 1];
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No e-mail to ${to} in ${outboxDir}`);
}
