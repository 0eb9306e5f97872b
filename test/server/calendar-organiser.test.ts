import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_CLUB_PROFILE } from '../../src/shared/club-example';
import { createEvent } from '../support/factories';
import { activeMemberClient, signedInClient, startTestApp, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: 'secretary@club.test' } });
  admin = (await signedInClient(t, 'secretary@club.test')).client;
});
afterAll(() => t?.close());

/** The .ics attached to a mail, decoded. */
function invitation(raw: string): string {
  const part =
    /Content-Type: text\/calendar[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*?Content-Transfer-Encoding: (\S+)[^]*?\r?\n\r?\n([^]*?)\r?\n--/i.exec(raw);
  if (!part) throw new Error('No calendar invitation attached');
  const [, encoding, body] = part;
  if (encoding.toLowerCase() === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

/** The ORGANIZER line, unfolded. */
const organizer = (ics: string) => /^ORGANIZER[^\r\n]*(?:\r\n [^\r\n]*)*/m.exec(ics)?.[0].replace(/\r\n /g, '');

describe('the organiser of an event in calendar apps', () => {
  it("is the club's contact e-mail setting, in the download and in the entry e-mail's invitation", async () => {
    const event = await createEvent(t, { name: 'Bream Bonanza', registrationFeeCents: 0 });
    const download = async () => (await t.client().fetch(`/api/events/${event.id}/calendar.ics`)).text();
    // Before the committee sets one, the club's built-in address.
    expect(organizer(await download())).toBe(`ORGANIZER;CN=${EXAMPLE_CLUB_PROFILE.name}:mailto:${EXAMPLE_CLUB_PROFILE.contactEmail}`);

    await admin.trpc.admin.cms.settings.save.mutate({
      settingKey: 'contact_email',
      settingValue: 'secretary@tweedanglers.example',
      settingType: 'text',
    });
    expect(organizer(await download())).toBe(`ORGANIZER;CN=${EXAMPLE_CLUB_PROFILE.name}:mailto:secretary@tweedanglers.example`);

    const member = await activeMemberClient(t, 'pat@example.com');
    await member.client.trpc.events.register.mutate({ id: event.id });
    const confirmation = t.mail.to('pat@example.com').find((m) => /\.ics/.test(m.raw));
    expect(confirmation, 'the entry confirmation with its invitation').toBeDefined();
    expect(organizer(invitation(confirmation!.raw))).toBe(
      `ORGANIZER;CN=${EXAMPLE_CLUB_PROFILE.name}:mailto:secretary@tweedanglers.example`,
    );
  });
});
