import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { signInLinkMessage, verifyEmailMessage } from '../../src/server/emails/auth.emails';
import { createMailer, withClubSender } from '../../src/server/integrations/mailer';
import { EXAMPLE_CLUB_PROFILE } from '../../src/shared/club-example';
import { parseMail } from '../support/mime';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('mail without SMTP_URL', () => {
  it('writes each e-mail as an .eml file in the outbox and logs where, not what', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    dirs.push(dir);
    const lines: { obj: Record<string, unknown>; msg: string }[] = [];
    const mailer = createMailer({
      from: '"Club" <club@example.org>',
      outboxDir: dir,
      log: { info: (obj, msg) => lines.push({ obj: obj as never, msg }) },
    });
    expect(mailer.kind).toBe('outbox');

    const url = 'http://localhost:3000/email-verified?token=abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
    await mailer.send({ to: 'ann@example.com', ...(await verifyEmailMessage(EXAMPLE_CLUB_PROFILE, { firstName: 'Ann' }, url)) });

    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const mail = parseMail(readFileSync(path.join(dir, files[0]), 'utf8'));
    expect(mail.subject).toBe('Verify your email for Tweed Coast Anglers Club');
    expect(mail.text).toContain(url);
    expect(mail.html).toContain(url);

    expect(lines).toHaveLength(1);
    expect(lines[0].msg).toBe('SMTP_URL is not set: e-mail written to the outbox');
    expect(lines[0].obj.file).toBe(path.join(dir, files[0]));
    expect(JSON.stringify(lines)).not.toContain('abcdefghijklmnop');
  });

  it('escapes names in the HTML part', async () => {
    const mail = await signInLinkMessage(EXAMPLE_CLUB_PROFILE, { firstName: 'Bob & <Co>' }, 'http://x.test/sign-in?token=t');
    expect(mail.html).toContain('Bob &amp; &lt;Co&gt;');
    expect(mail.html).not.toContain('<Co>');
    expect(mail.text).toContain("G'day Bob & <Co>,");
  });

  it('names the sender after the club in front of the From address, unless MAIL_FROM names it', async () => {
    /** The From header of a mail sent through a mailer with this From and the club's name (absent: MAIL_FROM is set). */
    const sentFrom = async (fromAddress: string, name?: () => Promise<string | null>) => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
      dirs.push(dir);
      const mailer = withClubSender(createMailer({ from: fromAddress, outboxDir: dir, log: { info: () => {} } }), { name });
      await mailer.send({ to: 'a@example.com', subject: 'Hello', html: '<p>Hello</p>', text: 'Hello' });
      return parseMail(readFileSync(path.join(dir, readdirSync(dir)[0]), 'utf8')).headers.from;
    };
    expect(await sentFrom('no-reply@club.test', async () => 'O\'Brien "Bay" Anglers')).toBe(
      '"O\'Brien \\"Bay\\" Anglers" <no-reply@club.test>',
    );
    expect(await sentFrom('"Chosen Name" <club@club.test>')).toBe('Chosen Name <club@club.test>');
  });
});
