import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_CLUB_PROFILE } from '../../src/shared/club-example';
import { AuditLog, Sponsor } from '../../src/server/db/entities';
import { clubToday } from '../../src/shared/dates';
import { nextSeason, seasonOf } from '../../src/shared/sponsors';
import { linkIn, type ReceivedMail } from '../support/mime';
import { successBody } from '../support/answers';
import { signedInClient, startTestApp, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let admin: TestClient;
const APPLICATION = {
  companyName: 'Tweed Tackle & Bait',
  contactPerson: 'Robin Reel',
  email: 'robin@tweedtackle.example',
  phone: '07 5536 1234',
  address: '1 Wharf St, Tweed Heads NSW 2485',
  sponsorshipType: 'shirt',
  comments: 'Happy to donate prizes too.',
};

beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: 'treasurer@club.test' } });
  admin = (await signedInClient(t, 'treasurer@club.test')).client;
});
afterAll(() => t?.close());

describe('sponsor applications', () => {
  it("sends a stranger's words to nobody: a link typed as the contact's name does not reach the address typed", async () => {
    const res = await t.client().json('POST', '/api/sponsors/register', {
      ...APPLICATION,
      companyName: 'Visit https://evil.example/login now',
      contactPerson: 'Visit https://evil.example/login',
      email: 'victim@example.com',
      comments: 'Your account is locked: https://evil.example/login',
    });
    expect(res.status).toBe(200);
    const ack = t.mail.last('victim@example.com');
    expect(ack.text).not.toContain('evil.example');
    expect(ack.html).not.toContain('evil.example');
    expect(ack.text).toContain('If you did not apply, someone typed your address by mistake');
  });

  it('stores a pending application at the package amount and e-mails the applicant and the club', async () => {
    const res = await t.client().json('POST', '/api/sponsors/register', APPLICATION);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Sponsor application submitted successfully! We will contact you within 2 business days.' });
    const stored = await t.em().findOneOrFail(Sponsor, { email: APPLICATION.email });
    expect(stored).toMatchObject({ companyName: 'Tweed Tackle & Bait', status: 'pending', amountCents: 100_000, sponsorshipType: 'shirt' });

    const ack = t.mail.last(APPLICATION.email);
    expect(ack.subject).toBe(`Thank you for offering to sponsor ${EXAMPLE_CLUB_PROFILE.name}`);
    expect(ack.text).toContain('within 2 business days');
    expect(ack.text).toContain('Shirt Sponsorship ($1,000.00 a year)');
    // Nothing the applicant typed reaches the address they typed: it may be anyone's.
    for (const typed of [APPLICATION.contactPerson, APPLICATION.companyName, APPLICATION.comments]) {
      expect(ack.text).not.toContain(typed);
      expect(ack.html).not.toContain(typed);
    }
    const notice = t.mail.last(EXAMPLE_CLUB_PROFILE.contactEmail);
    expect(notice.subject).toBe('New sponsor application: Tweed Tackle & Bait');
    expect(notice.text).toContain('Robin Reel, robin@tweedtackle.example, 07 5536 1234');
    // Not yet public.
    expect((await t.client().json('GET', '/api/sponsors/active')).body).toEqual([]);
  });

  it('keeps one application when the same company applies again while pending', async () => {
    const again = await t
      .client()
      .json('POST', '/api/sponsors/register', { ...APPLICATION, companyName: 'TWEED TACKLE & BAIT', sponsorshipType: 'both' });
    expect(again.status).toBe(200);
    const rows = await t.em().find(Sponsor, { email: APPLICATION.email });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ sponsorshipType: 'both', amountCents: 150_000 });
  });

  it('refuses bad input with a clear message and stores nothing', async () => {
    const before = await t.em().count(Sponsor);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...APPLICATION, companyName: '  ' }, 'Company name is required.'],
      [{ ...APPLICATION, email: 'not-an-email' }, 'Please enter a valid email address.'],
      [{ ...APPLICATION, phone: 'call me' }, 'Please enter a valid phone number.'],
      [{ ...APPLICATION, sponsorshipType: 'gold' }, 'Please choose a sponsorship type.'],
      [{ ...APPLICATION, contactPerson: undefined }, 'Contact person is required.'],
    ];
    for (const [body, message] of cases) {
      const res = await t.client().json('POST', '/api/sponsors/register', body);
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect(await t.em().count(Sponsor)).toBe(before);
  });

  it('limits applications from one address', async () => {
    const client = t.client();
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (await client.json('POST', '/api/sponsors/register', { ...APPLICATION, companyName: `Spam ${i}`, email: `s${i}@spam.example` }))
          .status,
      );
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('sends the notice to the contact_email setting when the committee has set one', async () => {
    await admin.trpc.admin.cms.settings.save.mutate({
      settingKey: 'contact_email',
      settingValue: 'sponsorship@club.test',
      settingType: 'text',
    });
    await t.client().json('POST', '/api/sponsors/register', {
      ...APPLICATION,
      companyName: 'Cudgen Creek Cafe',
      email: 'cafe@example.com',
      sponsorshipType: 'website',
    });
    expect(t.mail.last('sponsorship@club.test').subject).toBe('New sponsor application: Cudgen Creek Cafe');
  });
});

describe('review and the public list', () => {
  it('shows a sponsor once the committee makes it active, until its end date; every review is audited', async () => {
    const list = await admin.trpc.admin.sponsors.list.query();
    const tackle = list.find((s) => s.email === APPLICATION.email)!;
    const cafe = list.find((s) => s.companyName === 'Cudgen Creek Cafe')!;
    expect(tackle).toMatchObject({ status: 'pending', amount: '1500.00', contactPerson: 'Robin Reel' });

    await admin.trpc.admin.sponsors.review.mutate({
      id: tackle.id,
      status: 'active',
      websiteUrl: 'https://tweedtackle.example',
      logoUrl: 'https://tweedtackle.example/logo.png',
    });
    await admin.trpc.admin.sponsors.review.mutate({ id: cafe.id, status: 'active', endDate: '2020-06-30' });
    const active = await t.client().json('GET', '/api/sponsors/active');
    expect(active.body).toEqual([
      {
        id: tackle.id,
        companyName: 'TWEED TACKLE & BAIT',
        sponsorshipType: 'both',
        amount: '1500.00',
        logoUrl: 'https://tweedtackle.example/logo.png',
        websiteUrl: 'https://tweedtackle.example',
      },
    ]);

    await admin.trpc.admin.sponsors.review.mutate({ id: cafe.id, endDate: null });
    expect((await t.client().json('GET', '/api/sponsors/active')).body.map!((s: { companyName: string }) => s.companyName)).toEqual([
      'TWEED TACKLE & BAIT',
      'Cudgen Creek Cafe',
    ]);
    await admin.trpc.admin.sponsors.review.mutate({ id: cafe.id, status: 'declined' });
    expect((await t.client().json('GET', '/api/sponsors/active')).body).toHaveLength(1);

    const audit = await t.em().find(AuditLog, { entityId: cafe.id }, { orderBy: { id: 'asc' } });
    expect(audit.map((a) => [a.action, (a.after as { status: string }).status])).toEqual([
      ['sponsor.review', 'active'],
      ['sponsor.review', 'active'],
      ['sponsor.review', 'declined'],
    ]);
  });

  it('answers 304 to a browser that already has the current list, and a new ETag after a change', async () => {
    const first = await t.client().json('GET', '/api/sponsors/active');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    const again = await t.client().fetch('/api/sponsors/active', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const [tackle] = successBody(first);
    await admin.trpc.admin.sponsors.review.mutate({ id: tackle.id, websiteUrl: 'https://tackle.example' });
    const changed = await t.client().fetch('/api/sponsors/active', { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('refuses bad review input and keeps the sponsor as it was', async () => {
    const [tackle] = successBody(await t.client().json('GET', '/api/sponsors/active'));
    await expect(admin.trpc.admin.sponsors.review.mutate({ id: tackle.id, websiteUrl: 'javascript:alert(1)' })).rejects.toThrow(
      'Website must be a web address starting with https://.',
    );
    await expect(admin.trpc.admin.sponsors.review.mutate({ id: tackle.id, endDate: '30/06/2027' })).rejects.toThrow(
      'End date must be a date (YYYY-MM-DD).',
    );
    expect((await t.em().findOneOrFail(Sponsor, { id: tackle.id })).websiteUrl).toBe('https://tackle.example');
  });

  it('keeps the applications to admins', async () => {
    expect((await t.client().json('GET', '/api/admin/sponsors')).status).toBe(401);
    const member = (await signedInClient(t)).client;
    expect((await member.json('GET', '/api/admin/sponsors')).status).toBe(403);
    expect((await admin.json('GET', '/api/admin/sponsors')).status).toBe(200);
  });
});

describe('matching a repeated application', () => {
  it("takes the company name literally: '%' or '_' with another applicant's e-mail is a new application and changes nothing else", async () => {
    const victim = {
      ...APPLICATION,
      companyName: 'Cudgen Creek Bait Co',
      email: 'owner@cudgenbait.example',
      contactPerson: 'Olive Owner',
      sponsorshipType: 'shirt',
      comments: 'Original comment.',
    };
    expect((await t.client().json('POST', '/api/sponsors/register', victim)).status).toBe(200);
    const original = await t.em().findOneOrFail(Sponsor, { email: victim.email });
    const others = (await t.em().find(Sponsor, { email: { $ne: victim.email } })).map((s) => ({ ...s }));

    for (const companyName of ['%', '_udgen Creek Bait Co', 'Cudgen%']) {
      const res = await t.client().json('POST', '/api/sponsors/register', {
        ...victim,
        companyName,
        contactPerson: 'Mallory',
        sponsorshipType: 'website',
        comments: 'Overwritten!',
      });
      expect(res.status, companyName).toBe(200);
    }
    const rows = await t.em().find(Sponsor, { email: victim.email }, { orderBy: { createdAt: 'asc' } });
    expect(rows.map((s) => [s.companyName, s.contactPerson, s.status])).toEqual([
      ['Cudgen Creek Bait Co', 'Olive Owner', 'pending'],
      ['%', 'Mallory', 'pending'],
      ['_udgen Creek Bait Co', 'Mallory', 'pending'],
      ['Cudgen%', 'Mallory', 'pending'],
    ]);
    const unchanged = await t.em().findOneOrFail(Sponsor, { id: original.id });
    expect({ ...unchanged }).toEqual({ ...original });
    expect((await t.em().find(Sponsor, { email: { $ne: victim.email } })).map((s) => ({ ...s }))).toEqual(others);

    // The same name in another case is still the same application.
    await t.client().json('POST', '/api/sponsors/register', { ...victim, companyName: 'CUDGEN CREEK BAIT CO', sponsorshipType: 'both' });
    expect(await t.em().count(Sponsor, { email: victim.email })).toBe(4);
    expect((await t.em().findOneOrFail(Sponsor, { id: original.id })).sponsorshipType).toBe('both');
  });
});

describe("a sponsor's own words go only to an address the applicant proved", () => {
  const confirm = (mail: ReceivedMail) =>
    t.client().mutation('sponsorships.confirmAddress', { token: linkIn(mail).searchParams.get('token')! });
  const named = (email: string) => admin.trpc.admin.sponsors.list.query().then((list) => list.find((s) => s.email === email)!);

  it("mails a stranger's address nothing the applicant typed and no invoice, however the committee treats the application", async () => {
    const stranger = 'stranger@example.net';
    const hostile = 'Visit https://evil.example/login';
    const applied = await t.client().json('POST', '/api/sponsors/register', {
      ...APPLICATION,
      companyName: hostile,
      contactPerson: hostile,
      email: stranger,
      comments: `Your account is locked: ${hostile}`,
    });
    expect(applied.status).toBe(200);
    const sponsor = await named(stranger);

    // The committee accepts it, sends the pay link again, renews it and records a bank transfer.
    const accepted = await t.mailAfter(stranger, () => admin.trpc.admin.sponsors.review.mutate({ id: sponsor.id, status: 'active' }));
    expect(accepted.subject).toBe('Please confirm your address for your Tweed Coast Anglers Club sponsorship');
    expect(linkIn(accepted).pathname).toBe('/sponsor/confirm');
    const [invoice] = (await named(stranger)).invoices;
    await t.mailAfter(stranger, () => admin.trpc.admin.sponsors.sendPayLink.mutate({ invoiceId: invoice.id }));
    await t.mailAfter(stranger, () => admin.trpc.admin.sponsors.renew.mutate({ id: sponsor.id }));
    const receipt = await t.mailAfter(stranger, () =>
      admin.trpc.admin.sponsors.recordPayment.mutate({
        invoiceId: invoice.id,
        method: 'bank_transfer',
        paidOn: clubToday(t.clock.now()),
        reference: 'EFT 77',
      }),
    );
    expect(receipt.subject).toMatch(/^Receipt: Tweed Coast Anglers Club sponsorship /);
    expect(receipt.text).toContain('Thank you!');
    expect(receipt.text).toContain('We have received your payment for the Shirt Sponsorship');

    // What reached the address: the club's words, links to confirm it, and a receipt that names nobody.
    const mails = t.mail.to(stranger);
    expect(mails.map((m) => m.subject)).toEqual([
      'Thank you for offering to sponsor Tweed Coast Anglers Club',
      'Please confirm your address for your Tweed Coast Anglers Club sponsorship',
      'Please confirm your address for your Tweed Coast Anglers Club sponsorship',
      'Please confirm your address for your Tweed Coast Anglers Club sponsorship',
      receipt.subject,
    ]);
    for (const mail of mails) {
      expect(mail.text, mail.subject).not.toContain('evil.example');
      expect(mail.html, mail.subject).not.toContain('evil.example');
      expect(mail.text, mail.subject).not.toContain('/sponsor/pay');
    }
    // Only the newest link confirms: the earlier ones were replaced.
    const replaced = await confirm(mails[0]);
    expect([replaced.status, replaced.body.message]).toEqual([400, expect.stringContaining('This confirmation link is not valid.')]);
    expect((await named(stranger)).addressConfirmed).toBe(false);
  });

  it('sends the invoice by name once the applicant confirms the address, before or after the committee accepts', async () => {
    const early = { ...APPLICATION, companyName: 'Fingal Bait & Ice', contactPerson: 'Fran Fingal', email: 'fran@fingalbait.example' };
    await t.client().json('POST', '/api/sponsors/register', early);
    const ack = t.mail.last(early.email);
    expect(ack.text).toContain('Please confirm that this is your address');
    const confirmed = await confirm(ack);
    expect([confirmed.status, confirmed.body.message]).toEqual([
      200,
      'Thank you: fran@fingalbait.example is confirmed. The committee will be in touch about your sponsorship.',
    ]);
    expect((await confirm(ack)).body.message).toBe('fran@fingalbait.example is already confirmed. Thank you!');
    const sponsor = await named(early.email);
    expect(sponsor.addressConfirmed).toBe(true);
    const welcome = await t.mailAfter(early.email, () => admin.trpc.admin.sponsors.review.mutate({ id: sponsor.id, status: 'active' }));
    expect(welcome.subject).toBe('Welcome aboard: Fingal Bait & Ice is now a sponsor of Tweed Coast Anglers Club');
    expect(welcome.text).toContain('Hello Fran Fingal,');
    expect(linkIn(welcome).pathname).toBe('/sponsor/pay');

    // Accepted and renewed first: both invoices wait for the address, then go out when it is confirmed.
    const late = { ...APPLICATION, companyName: 'Late Tackle', contactPerson: 'Lee Late', email: 'lee@latetackle.example' };
    await t.client().json('POST', '/api/sponsors/register', late);
    const { id } = await named(late.email);
    await admin.trpc.admin.sponsors.review.mutate({ id, status: 'active' });
    await admin.trpc.admin.sponsors.renew.mutate({ id });
    const request = t.mail.last(late.email);
    const before = t.mail.to(late.email).length;
    const res = await confirm(request);
    expect(res.body.message).toBe('Thank you: lee@latetackle.example is confirmed. We have e-mailed your invoice there.');
    const invoices = await t.mail.waitFor(late.email, before + 2);
    const sent = t.mail.to(late.email).slice(before);
    expect(sent.map((m) => m.subject)).toEqual([
      'Welcome aboard: Late Tackle is now a sponsor of Tweed Coast Anglers Club',
      'Welcome aboard: Late Tackle is now a sponsor of Tweed Coast Anglers Club',
    ]);
    const seasons = sent.map((m) => /Season: (\S+)/.exec(m.text)![1]);
    const current = seasonOf(clubToday(t.clock.now()));
    expect(seasons).toEqual([current, nextSeason(current)]);
    const invoice = await t.client().trpc.sponsorships.invoice.query({ token: linkIn(invoices).searchParams.get('token')! });
    expect(invoice).toMatchObject({ companyName: 'Late Tackle', status: 'unpaid' });
    const audit = await t.em().find(AuditLog, { entityId: id, action: 'sponsor.addressConfirmed' });
    expect(audit).toHaveLength(1);
  });

  it('refuses a confirmation link after 30 days, and a made-up one', async () => {
    const old = { ...APPLICATION, companyName: 'Slow Reply Co', email: 'slow@reply.example' };
    await t.client().json('POST', '/api/sponsors/register', old);
    t.clock.advance(30 * 86_400_000 + 1000);
    const late = await confirm(t.mail.last(old.email));
    expect([late.status, late.body.message]).toEqual([400, expect.stringContaining('This confirmation link has expired')]);
    expect((await named(old.email)).addressConfirmed).toBe(false);
    const madeUp = await t.client().mutation('sponsorships.confirmAddress', { token: 'x'.repeat(43) });
    expect(madeUp.status).toBe(400);
  });
});
