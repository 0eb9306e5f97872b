import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, clubToday, formatAuDate } from '../../src/shared/dates';
import { nextSeason, seasonOf } from '../../src/shared/sponsors';
import { AdminSponsorsTab } from '../../src/client/features/admin/sponsors-tab';
import { SPONSOR_DRAFT_KEY } from '../../src/client/features/sponsors/sponsor-form';
import { fieldMessage } from './field-message';
import { type SponsorInvoice, aSponsor, aSponsorApplication, aSponsorInvoice } from './builders';
import {
  type Answers,
  type FakeServer,
  SIGNED_OUT,
  fakeServer,
  ok,
  renderApp,
  renderWithProviders,
  trpcError,
  SECRETARY,
  adminOverview,
  siteHealth,
} from './render';
import { fill } from './fill';

type Overrides = Answers;

const SPONSOR = aSponsor({
  id: '44444444-4444-4444-8444-444444444444',
  companyName: 'Tweed Tackle & Bait',
  sponsorshipType: 'shirt',
  amount: '1000.00',
  logoUrl: '/objects/tackle.webp',
  websiteUrl: 'https://tweedtackle.example',
});
const PLAIN_SPONSOR = aSponsor({
  id: '55555555-5555-4555-8555-555555555555',
  companyName: 'Kingscliff Marine',
  sponsorshipType: 'website',
  amount: '500.00',
  logoUrl: null,
  websiteUrl: null,
});

function sponsorServer(overrides: Overrides = {}) {
  return fakeServer({
    ...SIGNED_OUT,
    'sponsors.active': () => ok([]),
    'sponsors.register': () => ok({ message: 'Thank you.' }),
    ...overrides,
  });
}

const activeCalls = (server: FakeServer) => server.calls.filter((c) => c.procedures.includes('sponsors.active')).length;
const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await fill(user, field(/^Company Name/), 'Tweed Tackle & Bait');
  await fill(user, field(/^Contact Person/), 'Robin Banks');
  await fill(user, field(/^Email/), 'Robin@Example.com');
  await fill(user, field(/^Phone/), '07 5536 1234');
  await fill(user, field(/^Address/), '2 Bay St, Tweed Heads');
  await user.selectOptions(screen.getByLabelText(/^Sponsorship Type/), 'both');
  await fill(user, screen.getByLabelText(/^Comments/), 'Happy to help.');
}

beforeEach(() => localStorage.clear());

describe('sponsor page', () => {
  it('shows the two packages; each button chooses its package in the form, also before the form has loaded', async () => {
    const user = userEvent.setup();
    renderApp('/sponsor', sponsorServer());
    const packages = await screen.findAllByTestId('sponsor-package');
    expect(packages).toHaveLength(2);
    expect(within(packages[0]).getByText('$1,000')).toBeTruthy();
    expect(within(packages[0]).getByText('Logo on all member shirts')).toBeTruthy();
    expect(within(packages[1]).getByText('$500')).toBeTruthy();
    expect(within(packages[1]).getByText('Social media mentions')).toBeTruthy();
    // The form loads after the packages: a package chosen before it is there is chosen in it once it is.
    await user.click(screen.getByRole('button', { name: 'Choose Shirt Sponsorship' }));

    const select = (await screen.findByLabelText(/^Sponsorship Type/)) as HTMLSelectElement;
    await vi.waitFor(() => expect(select.value).toBe('shirt'));
    expect(within(select).getByRole('option', { name: 'Shirt Sponsorship - $1,000' })).toBeTruthy();
    expect(within(select).getByRole('option', { name: 'Website Sponsorship - $500' })).toBeTruthy();
    expect(within(select).getByRole('option', { name: 'Shirt & Website Sponsorship - $1,500' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Choose Website Sponsorship' }));
    expect(select.value).toBe('website');
    expect(document.activeElement).toBe(field(/^Company Name/));
    await user.click(screen.getByRole('button', { name: 'Choose Shirt Sponsorship' }));
    expect(select.value).toBe('shirt');
  });

  it('shows what is wrong with each field and sends nothing', async () => {
    const server = sponsorServer();
    const user = userEvent.setup();
    renderApp('/sponsor', server);
    await user.click(await screen.findByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('Company name is required.')).toBeTruthy();
    expect(screen.getByText('Contact person is required.')).toBeTruthy();
    expect(screen.getByText('Please enter your email address')).toBeTruthy();
    expect(screen.getByText('Phone number is required.')).toBeTruthy();
    expect(screen.getByText('Please choose a sponsorship type.')).toBeTruthy();
    expect(field(/^Phone/).getAttribute('type')).toBe('tel');

    await fill(user, field(/^Email/), 'not-an-email');
    expect(screen.queryByText('Please enter your email address')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();
    expect(server.mutations()).toEqual([]);
  });

  it('saves a draft on this device and restores it on return', async () => {
    const user = userEvent.setup();
    const first = renderApp('/sponsor', sponsorServer());
    await screen.findByRole('button', { name: 'Save Draft' });
    await fill(user, field(/^Company Name/), 'Tweed Tackle & Bait');
    await fill(user, field(/^Contact Person/), 'Robin Banks');
    await user.click(screen.getByRole('button', { name: 'Choose Shirt Sponsorship' }));
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(await screen.findByText('Draft saved')).toBeTruthy();
    first.unmount();

    renderApp('/sponsor', sponsorServer());
    await screen.findByRole('button', { name: 'Save Draft' });
    expect(field(/^Company Name/).value).toBe('Tweed Tackle & Bait');
    expect(field(/^Contact Person/).value).toBe('Robin Banks');
    expect((screen.getByLabelText(/^Sponsorship Type/) as HTMLSelectElement).value).toBe('shirt');
    expect(field(/^Email/).value).toBe('');
  });

  it('shows Submitting... while sending, then thanks, clears the form, drops the draft and refetches the sponsors', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const server = sponsorServer();
    const gated = {
      ...server,
      fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input).includes('sponsors.register')) await gate;
        return server.fetch(input, init);
      }) as typeof fetch,
    };
    const user = userEvent.setup();
    renderApp('/sponsor', gated);
    expect(await screen.findByText('Be our first sponsor! Join us in supporting the fishing community.')).toBeTruthy();
    const before = activeCalls(server);
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Save Draft' }));
    expect(localStorage.getItem(SPONSOR_DRAFT_KEY)).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    const busy = await screen.findByRole('button', { name: 'Submitting...' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    release();

    expect(await screen.findByText('Sponsor application submitted successfully! We will contact you within 2 business days.')).toBeTruthy();
    expect(screen.getByText('Success')).toBeTruthy();
    expect(server.mutations()[0].procedures).toEqual(['sponsors.register']);
    expect(server.mutations()[0].inputs[0]).toEqual({
      companyName: 'Tweed Tackle & Bait',
      contactPerson: 'Robin Banks',
      email: 'robin@example.com',
      phone: '07 5536 1234',
      address: '2 Bay St, Tweed Heads',
      sponsorshipType: 'both',
      comments: 'Happy to help.',
    });
    expect(field(/^Company Name/).value).toBe('');
    expect(field(/^Email/).value).toBe('');
    expect((screen.getByLabelText(/^Sponsorship Type/) as HTMLSelectElement).value).toBe('');
    expect(screen.getByRole('button', { name: 'Submit Application' })).toBeTruthy();
    expect(localStorage.getItem(SPONSOR_DRAFT_KEY)).toBeNull();
    await waitFor(() => expect(activeCalls(server)).toBeGreaterThan(before));
  });

  it("shows the failure toast with the server's reason and keeps what was typed", async () => {
    const server = sponsorServer({
      'sponsors.register': () => trpcError(429, 'TOO_MANY_REQUESTS', 'Too many applications. Please try again later.'),
    });
    const user = userEvent.setup();
    renderApp('/sponsor', server);
    await screen.findByRole('button', { name: 'Submit Application' });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('Failed to submit sponsor application: Too many applications. Please try again later.')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    expect(field(/^Company Name/).value).toBe('Tweed Tackle & Bait');
  });

  it("puts the server's field error under the field it names", async () => {
    const server = sponsorServer({
      'sponsors.register': () =>
        trpcError(400, 'BAD_REQUEST', 'Please enter a valid email address.', {
          fieldErrors: { email: 'Please enter a valid email address.' },
        }),
    });
    const user = userEvent.setup();
    renderApp('/sponsor', server);
    await screen.findByRole('button', { name: 'Submit Application' });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    await waitFor(() => expect(fieldMessage(field(/^Email/))).toBe('Please enter a valid email address.'));
    expect(fieldMessage(field(/^Company Name/))).toBeNull();
  });

  it('shows the plain failure toast when the server gave no reason', async () => {
    const user = userEvent.setup();
    renderApp('/sponsor', sponsorServer({ 'sponsors.register': () => ({ status: 500, body: 'oops' }) }));
    await screen.findByRole('button', { name: 'Submit Application' });
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit Application' }));
    expect(await screen.findByText('Failed to submit sponsor application')).toBeTruthy();
  });

  it('lists the current sponsors with logo, linked name, type and amount', async () => {
    renderApp('/sponsor', sponsorServer({ 'sponsors.active': () => ok([SPONSOR, PLAIN_SPONSOR]) }));
    const cards = await screen.findAllByTestId('current-sponsor');
    expect(cards).toHaveLength(2);
    const link = within(cards[0]).getByRole('link', { name: 'Tweed Tackle & Bait' });
    expect(link.getAttribute('href')).toBe('https://tweedtackle.example');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer sponsored');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(within(cards[0]).getByRole('img', { name: 'Tweed Tackle & Bait logo' }).getAttribute('src')).toBe('/objects/tackle.webp');
    expect(within(cards[0]).getByText('Shirt Sponsor')).toBeTruthy();
    expect(within(cards[0]).getByText('$1,000.00')).toBeTruthy();
    expect(within(cards[1]).getByText('Kingscliff Marine')).toBeTruthy();
    expect(within(cards[1]).queryByRole('link')).toBeNull();
    expect(within(cards[1]).getByText('Website Sponsor')).toBeTruthy();
    expect(within(cards[1]).getByText('$500.00')).toBeTruthy();
    expect(screen.queryByText('Be our first sponsor! Join us in supporting the fishing community.')).toBeNull();
  });

  it('invites the first sponsor when there are none', async () => {
    renderApp('/sponsor', sponsorServer());
    expect(await screen.findByText('Be our first sponsor! Join us in supporting the fishing community.')).toBeTruthy();
    expect(screen.queryAllByTestId('current-sponsor')).toHaveLength(0);
  });
});

// ---------- Admin ----------

const APPLICATION = aSponsorApplication({
  ...PLAIN_SPONSOR,
  contactPerson: 'Casey Hull',
  email: 'casey@kingscliffmarine.example',
  phone: '0412 000 111',
  status: 'pending',
  endDate: null,
  createdAt: '2026-11-20T01:00:00.000Z',
});
const TODAY = clubToday(new Date());
const SEASON = seasonOf(TODAY);
const LAST_SEASON = seasonOf(addDays(TODAY, -366));
const invoice = (fields: Partial<SponsorInvoice>) =>
  aSponsorInvoice({ id: crypto.randomUUID(), season: SEASON, amount: '1000.00', status: 'unpaid', ...fields });
const UNPAID = invoice({ id: '66666666-6666-4666-8666-666666666666' });
/** Tweed Tackle & Bait, a sponsor until the end of June: this season unpaid, last season paid and one voided. */
const ACTIVE_APPLICATION = aSponsorApplication({
  ...SPONSOR,
  status: 'active',
  endDate: '2027-06-30',
  reviewedAt: '2026-10-02T01:00:00.000Z',
  addressConfirmed: true,
  invoices: [
    UNPAID,
    invoice({ season: LAST_SEASON, status: 'paid', paidOn: '2025-08-01', method: 'bank_transfer', reference: 'EFT 1', refunded: '100.00' }),
    invoice({ season: LAST_SEASON, status: 'void' }),
  ],
});

function adminServer(overrides: Overrides = {}) {
  return fakeServer({
    'admin.sponsors.list': () => ok([APPLICATION, ACTIVE_APPLICATION]),
    'admin.sponsors.review': (input) => ok({ ...APPLICATION, ...input }),
    ...overrides,
  });
}

/** A browser upload target for the logo's PUT (jsdom has no network). */
function installPutTarget() {
  const original = globalThis.XMLHttpRequest;
  const puts: { url: string; body: unknown }[] = [];
  class PutXhr {
    status = 0;
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    send(body: unknown) {
      puts.push({ url: this.url, body });
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 1 });
        this.status = 200;
        this.onload?.();
      }, 5);
    }
  }
  globalThis.XMLHttpRequest = PutXhr as unknown as typeof XMLHttpRequest;
  return { puts, restore: () => (globalThis.XMLHttpRequest = original) };
}

describe('admin sponsors tab', () => {
  let put: ReturnType<typeof installPutTarget>;
  beforeEach(() => (put = installPutTarget()));
  afterEach(() => put.restore());

  it('lists applications with their details and filters by status', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AdminSponsorsTab />, adminServer());
    const rows = await screen.findAllByTestId('admin-sponsor');
    expect(rows).toHaveLength(2);
    const pending = rows[0];
    expect(within(pending).getByText('Kingscliff Marine')).toBeTruthy();
    expect(within(pending).getByText('Pending')).toBeTruthy();
    expect(within(pending).getByText('Casey Hull')).toBeTruthy();
    expect(within(pending).getByRole('link', { name: 'casey@kingscliffmarine.example' }).getAttribute('href')).toBe(
      'mailto:casey@kingscliffmarine.example',
    );
    expect(within(pending).getByText('0412 000 111')).toBeTruthy();
    expect(within(pending).getByText('Website Sponsorship · $500.00')).toBeTruthy();
    expect(within(pending).getByText('20/11/2026')).toBeTruthy();
    expect(within(pending).getByText('No end date')).toBeTruthy();
    expect(within(rows[1]).getByText('30/06/2027')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Filter by status'), 'active');
    const shown = screen.getAllByTestId('admin-sponsor');
    expect(shown).toHaveLength(1);
    expect(within(shown[0]).getByText('Tweed Tackle & Bait')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Filter by status'), 'declined');
    expect(screen.getByText('No sponsors with this status.')).toBeTruthy();
  });

  it('reviews an application: status, website, end date and an uploaded logo', async () => {
    const server = adminServer({
      'objects.createUpload': () => ok({ uploadURL: 'https://storage.example/upload/abc?sig=1' }),
      'objects.finishImage': () => ok({ url: '/objects/kingscliff.webp', width: 400, height: 200 }),
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminSponsorsTab />, server);
    await user.click(await screen.findByRole('button', { name: 'Review Kingscliff Marine' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review Kingscliff Marine' });
    expect((within(dialog).getByLabelText('Status') as HTMLSelectElement).value).toBe('pending');
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'active');
    await fill(user, within(dialog).getByLabelText('Website'), 'https://kingscliffmarine.example');
    const endDate = within(dialog).getByLabelText(/^End Date/);
    // Typed the Australian way whatever the browser's language.
    expect(endDate.getAttribute('placeholder')).toBe('DD/MM/YYYY');
    await fill(user, endDate, '31/12/2027');

    const logo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
    await user.upload(dialog.querySelector('input[type="file"]') as HTMLInputElement, logo);
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Image uploaded successfully')).toBeTruthy();
    expect(put.puts).toEqual([{ url: 'https://storage.example/upload/abc?sig=1', body: logo }]);
    expect((within(dialog).getByLabelText(/^Logo URL/) as HTMLInputElement).value).toBe('/objects/kingscliff.webp');
    expect(within(dialog).getByRole('img', { name: 'Kingscliff Marine logo' }).getAttribute('src')).toBe('/objects/kingscliff.webp');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Sponsor updated successfully')).toBeTruthy();
    const calls = server.mutations().flatMap((c) => c.procedures.map((p, i) => [p, c.inputs[i]]));
    expect(calls).toEqual([
      ['objects.createUpload', undefined],
      ['objects.finishImage', { uploadURL: 'https://storage.example/upload/abc?sig=1' }],
      [
        'admin.sponsors.review',
        {
          id: APPLICATION.id,
          status: 'active',
          websiteUrl: 'https://kingscliffmarine.example',
          endDate: '2027-12-31',
          logoUrl: '/objects/kingscliff.webp',
        },
      ],
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('clears a pasted logo and end date as null, and shows the server reason on failure', async () => {
    const server = adminServer({ 'admin.sponsors.review': () => trpcError(400, 'BAD_REQUEST', 'That sponsor no longer exists.') });
    const user = userEvent.setup();
    renderWithProviders(<AdminSponsorsTab />, server);
    await user.click(await screen.findByRole('button', { name: 'Review Tweed Tackle & Bait' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review Tweed Tackle & Bait' });
    expect((within(dialog).getByLabelText(/^End Date/) as HTMLInputElement).value).toBe('30/06/2027');
    await user.clear(within(dialog).getByLabelText(/^Logo URL/));
    await user.clear(within(dialog).getByLabelText(/^End Date/));
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'declined');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update sponsor')).toBeTruthy();
    expect(screen.getByText('That sponsor no longer exists.')).toBeTruthy();
    expect(server.mutations()[0].inputs[0]).toEqual({
      id: SPONSOR.id,
      status: 'declined',
      logoUrl: null,
      websiteUrl: 'https://tweedtackle.example',
      endDate: null,
    });
    expect(screen.getByRole('dialog', { name: 'Review Tweed Tackle & Bait' })).toBeTruthy();
  });

  it('refuses a website that is not a web address before sending', async () => {
    const server = adminServer();
    const user = userEvent.setup();
    renderWithProviders(<AdminSponsorsTab />, server);
    await user.click(await screen.findByRole('button', { name: 'Review Kingscliff Marine' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review Kingscliff Marine' });
    await fill(user, within(dialog).getByLabelText('Website'), 'kingscliffmarine.example');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Website must be a web address starting with https://.')).toBeTruthy();
    expect(server.mutations()).toEqual([]);
  });
});

describe('sponsor invoices in the admin tab', () => {
  const byName = (name: string) => screen.findByRole('button', { name });

  it("shows each season's invoice with its status, how it was paid, and what can be done", async () => {
    renderWithProviders(<AdminSponsorsTab />, adminServer());
    const rows = await screen.findAllByTestId('admin-sponsor');
    expect(within(rows[0]).queryAllByTestId('sponsor-invoice')).toHaveLength(0);
    const lines = within(rows[1]).getAllByTestId('sponsor-invoice');
    expect(lines.map((l) => within(l).getByText(/^(Unpaid|Pending|Paid|Void)$/).textContent)).toEqual(['Unpaid', 'Paid', 'Void']);
    expect(within(lines[0]).getByText(SEASON)).toBeTruthy();
    expect(within(lines[0]).getByText('$1,000.00')).toBeTruthy();
    expect(within(lines[1]).getByText('Paid 01/08/2025 · Bank transfer · EFT 1 · $100.00 refunded')).toBeTruthy();
    expect(within(lines[1]).queryByRole('button')).toBeNull();
    expect(within(lines[0]).getByRole('button', { name: `Record payment for Tweed Tackle & Bait ${SEASON}` })).toBeTruthy();
    expect(within(lines[0]).getByRole('button', { name: `Send pay link again to Tweed Tackle & Bait for ${SEASON}` })).toBeTruthy();
    // This season is invoiced, so only the next one is offered.
    expect(within(rows[1]).getByRole('button', { name: `Renew for ${nextSeason(SEASON)}: Tweed Tackle & Bait` }).textContent).toBe(
      `Renew for ${nextSeason(SEASON)}`,
    );
    expect(within(rows[1]).queryByRole('button', { name: `Renew for ${SEASON}: Tweed Tackle & Bait` })).toBeNull();
  });

  it('records a payment with its method, date and reference', async () => {
    const server = adminServer({ 'admin.sponsors.recordPayment': () => ok(ACTIVE_APPLICATION) });
    const user = userEvent.setup();
    renderWithProviders(<AdminSponsorsTab />, server);
    await user.click(await byName(`Record payment for Tweed Tackle & Bait ${SEASON}`));
    const dialog = await screen.findByRole('dialog', { name: 'Record payment: Tweed Tackle & Bait' });
    expect((within(dialog).getByLabelText('Method') as HTMLSelectElement).value).toBe('bank_transfer');
    const paidOn = within(dialog).getByLabelText(/^Paid on/) as HTMLInputElement;
    expect(paidOn.value).toBe(formatAuDate(TODAY));
    await user.clear(paidOn);
    await user.type(paidOn, addDays(TODAY, 1));
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText('Paid on cannot be in the future.')).toBeTruthy();
    expect(server.mutations()).toEqual([]);

    await user.selectOptions(within(dialog).getByLabelText('Method'), 'cash');
    await user.clear(paidOn);
    await user.type(paidOn, addDays(TODAY, -2));
    await fill(user, within(dialog).getByLabelText(/^Reference/), 'Receipt 17');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('Payment recorded')).toBeTruthy();
    expect(server.mutations().map((c) => [c.procedures[0], c.inputs[0]])).toEqual([
      ['admin.sponsors.recordPayment', { invoiceId: UNPAID.id, method: 'cash', paidOn: addDays(TODAY, -2), reference: 'Receipt 17' }],
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the server's reason when a payment cannot be recorded", async () => {
    const server = adminServer({
      'admin.sponsors.recordPayment': () => trpcError(409, 'CONFLICT', `This invoice was already paid on ${formatAuDate(TODAY)}.`),
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminSponsorsTab />, server);
    await user.click(await byName(`Record payment for Tweed Tackle & Bait ${SEASON}`));
    const dialog = await screen.findByRole('dialog', { name: 'Record payment: Tweed Tackle & Bait' });
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('Failed to record the payment')).toBeTruthy();
    expect(screen.getByText(`This invoice was already paid on ${formatAuDate(TODAY)}.`)).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('renews for the next season once confirmed', async () => {
    const server = adminServer({ 'admin.sponsors.renew': () => ok(ACTIVE_APPLICATION) });
    const user = userEvent.setup();
    renderWithProviders(<AdminSponsorsTab />, server);
    await user.click(await byName(`Renew for ${nextSeason(SEASON)}: Tweed Tackle & Bait`));
    const dialog = await screen.findByRole('dialog', { name: `Renew Tweed Tackle & Bait for ${nextSeason(SEASON)}` });
    expect(
      within(dialog).getByText(/will be e-mailed an invoice for the .* season \(Shirt Sponsorship, \$1,000.00\) with a link to pay it/),
    ).toBeTruthy();
    expect(server.mutations()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: `Renew for ${nextSeason(SEASON)}` }));
    expect(await screen.findByText('Sponsor renewed')).toBeTruthy();
    expect(server.mutations().map((c) => [c.procedures[0], c.inputs[0]])).toEqual([
      ['admin.sponsors.renew', { id: SPONSOR.id, season: nextSeason(SEASON) }],
    ]);
  });

  it('sends a new pay link once confirmed', async () => {
    const server = adminServer({ 'admin.sponsors.sendPayLink': () => ok(ACTIVE_APPLICATION) });
    const user = userEvent.setup();
    renderWithProviders(<AdminSponsorsTab />, server);
    await user.click(await byName(`Send pay link again to Tweed Tackle & Bait for ${SEASON}`));
    const dialog = await screen.findByRole('dialog', { name: 'Send pay link again: Tweed Tackle & Bait' });
    expect(within(dialog).getByText(/The link sent before stops working/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Send pay link' }));
    expect(await screen.findByText('Pay link sent')).toBeTruthy();
    expect(server.mutations().map((c) => [c.procedures[0], c.inputs[0]])).toEqual([
      ['admin.sponsors.sendPayLink', { invoiceId: UNPAID.id }],
    ]);
  });

  it('says when the sponsor has not confirmed the address: the invoice waits, and a link to confirm it goes instead', async () => {
    const unconfirmed = { ...ACTIVE_APPLICATION, email: 'robin@example.com', addressConfirmed: false };
    const server = adminServer({
      'admin.sponsors.list': () => ok([APPLICATION, unconfirmed]),
      'admin.sponsors.sendPayLink': () => ok(unconfirmed),
    });
    const user = userEvent.setup();
    renderWithProviders(<AdminSponsorsTab />, server);
    const [, row] = await screen.findAllByTestId('admin-sponsor');
    expect(within(row).getByText(/not confirmed yet: invoices wait until the sponsor confirms it/)).toBeTruthy();
    await user.click(await byName(`Send pay link again to Tweed Tackle & Bait for ${SEASON}`));
    const dialog = await screen.findByRole('dialog', { name: 'Send pay link again: Tweed Tackle & Bait' });
    await user.click(within(dialog).getByRole('button', { name: 'Send pay link' }));
    expect(
      await screen.findByText(
        'robin@example.com is not confirmed yet: a link to confirm it is on its way, and the invoice follows once the sponsor confirms it.',
      ),
    ).toBeTruthy();
  });
});

describe('admin page', () => {
  it('has a Sponsors tab after Results that lists the applications', async () => {
    const admin = SECRETARY;
    const server = adminServer({
      ...SIGNED_OUT,
      'auth.me': () => ok(admin),
      'admin.overview': () => ok(adminOverview()),
      'admin.siteHealth': () => ok(siteHealth()),
      'admin.events.list': () => ok([]),
    });
    const user = userEvent.setup();
    renderApp('/admin', server);
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Members',
      'Events',
      'Judging',
      'Results',
      'Payments',
      'Sponsors',
      'Reports',
      'Accounting',
      'Newsletters',
      'Club settings',
      'Audit Log',
    ]);
    await user.click(screen.getByRole('tab', { name: 'Sponsors' }));
    expect(await screen.findAllByTestId('admin-sponsor')).toHaveLength(2);
  });
});
