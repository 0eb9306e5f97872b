import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_CLUB_PROFILE } from '../../src/shared/club-example';
import type { ClubProfile } from '../../src/shared/club-profile';
import { createAdmin } from '../support/factories';
import { startTestApp, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let admin: TestClient;

/** Another club altogether: none of the example club's words, and no association number. */
const BAY_CLUB: ClubProfile = {
  ...EXAMPLE_CLUB_PROFILE,
  name: 'Moreton Bay Fishing Club',
  shortName: 'Bay Fishers',
  town: 'Redcliffe',
  area: 'Moreton Bay',
  localName: 'the Bay',
  state: 'QLD',
  contactEmail: 'committee@bayfishers.example',
  associationNumber: '',
  colours: { primary: '#2b8a3e', primaryDark: '#1e4d2b', accent: '#f59f00', sand: '#fff9db' },
};

beforeAll(async () => {
  t = await startTestApp();
  admin = (await createAdmin(t)).client;
});
afterAll(() => t?.close());

const signUp = (email: string) =>
  t.mailAfter(email, () => t.client().trpc.auth.signup.mutate({ email, firstName: 'Ivy', lastName: 'Bream' }));

describe('e-mails in the club’s own words', () => {
  it('speak as the example club until a profile is saved, then as the club the profile names, sender included', async () => {
    const before = await signUp('ivy.before@example.com');
    expect(before.subject).toBe('Verify your email for Tweed Coast Anglers Club');
    expect(before.headers.from).toContain('Tweed Coast Anglers Club');

    await admin.trpc.admin.club.saveProfile.mutate(BAY_CLUB);

    const mail = await signUp('ivy.after@example.com');
    expect(mail.subject).toBe('Verify your email for Moreton Bay Fishing Club');
    expect(mail.text).toContain('Thanks for signing up with Moreton Bay Fishing Club.');
    expect(mail.text).toContain('this address was used on the Moreton Bay Fishing Club website');
    // The heading: name, region line and colours from the profile.
    expect(mail.html).toContain('Moreton Bay, Queensland');
    expect(mail.html).toContain(BAY_CLUB.colours.primaryDark);
    expect(mail.html).toContain(BAY_CLUB.colours.primary);
    expect(mail.headers.from).toContain('Moreton Bay Fishing Club');
    for (const part of [mail.subject, mail.text, mail.html, mail.headers.from]) expect(part).not.toContain('Tweed');
  });

  it('sign a sponsor’s e-mail with the club’s name alone when it has no association number', async () => {
    await admin.trpc.admin.club.saveProfile.mutate(BAY_CLUB);
    const email = 'reel@baytackle.example';
    const ack = await t.mailAfter(email, () =>
      t.client().json('POST', '/api/sponsors/register', {
        companyName: 'Bay Tackle',
        contactPerson: 'Robin Reel',
        email,
        phone: '07 3283 1234',
        address: null,
        comments: null,
        sponsorshipType: 'shirt',
      }),
    );
    expect(ack.subject).toBe('Thank you for offering to sponsor Moreton Bay Fishing Club');
    expect(ack.text).toMatch(/The button works for \d+ days\. Moreton Bay Fishing Club\r?\n/);
    expect(ack.text).not.toContain('Incorporated association');
    expect(ack.text).not.toContain('Tweed');
  });
});
