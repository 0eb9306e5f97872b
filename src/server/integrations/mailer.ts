import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import { lazy } from '../lazy';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: { filename: string; content: string | Buffer; contentType: string }[];
  /** Extra headers (a newsletter's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
  /** Where a reply goes: mail comes from a no-reply address (see withClubSender). */
  replyTo?: string;
  /** The sender's name mail apps show (the club's), in front of the mailer's From address; absent: its From as given. */
  fromName?: string;
}

/** Delivers e-mail. Two implementations: SMTP, and an outbox folder of .eml files for machines without mail. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

interface MailerOptions {
  smtpUrl?: string;
  /** An address ('no-reply@club.org.au'), or a name and address ('"Club" <club@club.org.au>'). */
  from: string;
  outboxDir: string;
  log: { info(obj: object, msg: string): void };
}

const nodemailer = lazy(() => import('nodemailer'));

/** The From of one mail: the mailer's, or its address under the mail's own sender name (quoted by nodemailer). */
function sender(from: string, fromName: string | undefined) {
  if (!fromName) return from;
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
  return { name: fromName, address };
}

/** Nodemailer is loaded, and the transport made, when the first e-mail goes out. */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const smtpUrl = options.smtpUrl;
    let made: Transporter | undefined;
    const transport = lazy(async () => (made = (await nodemailer()).default.createTransport(smtpUrl)));
    return {
      kind: 'smtp',
      async send({ fromName, ...mail }) {
        await (await transport()).sendMail({ ...mail, from: sender(options.from, fromName) });
      },
      close: () => made?.close(),
    };
  }
  const transport = lazy(async () =>
    (await nodemailer()).default.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    kind: 'outbox',
    async send({ fromName, ...mail }) {
      const info = await (await transport()).sendMail({ ...mail, from: sender(options.from, fromName) });
      await mkdir(options.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(options.outboxDir, `${stamp}-${randomBytes(3).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      // The file holds the link; the log line says only where it is.
      options.log.info({ to: mail.to, subject: mail.subject, file }, 'SMTP_URL is not set: e-mail written to the outbox');
    },
    close: () => {},
  };
}

/** Where the club's mail says it comes from, read as each mail goes out. */
export interface ClubSender {
  /** The club's contact address, which replies reach; absent: no Reply-To is added. */
  replyTo?: () => Promise<string | null>;
  /** The club's current name, shown as the sender's; absent when the site's MAIL_FROM names the sender itself. */
  name?: () => Promise<string | null>;
}

/**
 * A mailer whose mail, unless it names its own, gets the club's contact address as Reply-To (e-mail comes from a
 * no-reply address, and receipts and notices say 'just reply') and the club's name as the sender's. What cannot be
 * read just now is left out: the mail goes out all the same.
 */
export function withClubSender(mailer: Mailer, club: ClubSender): Mailer {
  return {
    kind: mailer.kind,
    async send(mail) {
      const replyTo = mail.replyTo ?? (club.replyTo ? await club.replyTo().catch(() => null) : null);
      const fromName = mail.fromName ?? (club.name ? await club.name().catch(() => null) : null);
      await mailer.send({ ...mail, ...(replyTo ? { replyTo } : {}), ...(fromName ? { fromName } : {}) });
    },
    close: () => mailer.close(),
  };
}

/**
 * Sends a mail without letting a delivery failure break the request: the failure is logged (subject only,
 * never the body, which may hold a link) and reported as `false`.
 */
export async function deliverQuietly(mailer: Mailer, log: { error(obj: object, msg: string): void }, mail: OutgoingMail): Promise<boolean> {
  try {
    await mailer.send(mail);
    return true;
  } catch (error) {
    log.error(
      { err: { name: (error as Error)?.name, message: (error as Error)?.message ?? String(error) }, subject: mail.subject },
      'E-mail delivery failed',
    );
    return false;
  }
}
