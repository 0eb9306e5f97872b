import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { goTo } from '../../src/client/lib/use-auth';
import {
  EXAMPLE_CLUB_DOCUMENTS,
  EXAMPLE_CLUB_PROFILE,
  EXAMPLE_CLUB_SPECIES,
  EXAMPLE_COMPETITION_RULES,
  EXAMPLE_MEMBERSHIP_RULES,
} from '../../src/shared/club-example';
import { BAY_AREA_GEOJSON, BAY_CLUB, BAY_MEMBERSHIP } from '../support/second-club';
import { documentsEdit } from '../../src/shared/documents';
import { anAdmin } from './builders';
import { fieldMessage } from './field-message';
import { fill } from './fill';
import { SIGNED_OUT, fakeServer, ok, renderApp, trpcError } from './render';

// The page's full load after setup (goTo) is only recorded: jsdom cannot navigate.
vi.mock('../../src/client/lib/use-auth', async (original) => ({
  ...(await original<Record<string, unknown>>()),
  goTo: vi.fn<(path: string) => void>(),
}));

const typed = {
  code: 'k7qm4-xh2rp',
  firstName: 'Sue',
  lastName: 'Secretary',
  email: 'Sue@Example.com',
  password: 'a long enough password',
};

/** Fills the form as the Bay club's secretary would; its memberships too unless they are left as the example club's. */
async function fillForm(user: ReturnType<typeof userEvent.setup>, { memberships = true } = {}) {
  await fill(user, await screen.findByLabelText('Setup code'), typed.code);
  await fill(user, screen.getByLabelText('Club name'), BAY_CLUB.name);
  await fill(user, screen.getByLabelText(/^Short name/), BAY_CLUB.shortName);
  await fill(user, screen.getByLabelText('Town'), BAY_CLUB.town);
  await user.selectOptions(screen.getByLabelText('State'), 'QLD');
  await fill(user, screen.getByLabelText(/^Region/), BAY_CLUB.area);
  await fill(user, screen.getByLabelText(/^Local name/), BAY_CLUB.localName);
  await user.selectOptions(screen.getByLabelText(/^Time zone/), 'Australia/Brisbane');
  await fill(user, screen.getByLabelText(/^Committee e-mail/), BAY_CLUB.contactEmail);
  await fill(user, screen.getByLabelText(/^ABN/), '51 824 753 556');
  await fill(user, screen.getByLabelText(/^Association number/), BAY_CLUB.associationNumber);
  await user.click(screen.getByLabelText('The club is registered for GST'));
  if (memberships) await fillBayMemberships(user);
  await fill(user, screen.getByLabelText('First name'), typed.firstName);
  await fill(user, screen.getByLabelText('Last name'), typed.lastName);
  await fill(user, screen.getByLabelText('Email'), typed.email);
  await fill(user, screen.getByLabelText(/^Password/), typed.password);
}

async function fillBayMemberships(user: ReturnType<typeof userEvent.setup>) {
  await fill(user, screen.getByLabelText('Adult fee'), '55.00');
  await fill(user, screen.getByLabelText('Junior fee'), '20.00');
  await fill(user, screen.getByLabelText('Family fee'), '110.00');
  await fill(user, screen.getByLabelText('Juniors in a family'), '4');
  await fill(user, screen.getByLabelText(/^Juniors are under/), '18');
  // A fixed year starts on 1 July unless another day is chosen.
  await user.click(screen.getByLabelText('A fixed year starting on'));
}

describe('/setup', () => {
  beforeEach(() => vi.mocked(goTo).mockClear());

  it("shows the shared schema's messages under the fields and sends nothing", async () => {
    const server = fakeServer({ ...SIGNED_OUT, 'setup.status': () => ok({ open: true }) });
    const user = userEvent.setup();
    renderApp('/setup', server);
    await user.click(await screen.findByRole('button', { name: 'Set up and sign in' }));
    expect(fieldMessage(screen.getByLabelText('Setup code'))).toBe('Please enter the setup code from the site’s log.');
    expect(fieldMessage(screen.getByLabelText('Club name'))).toBe('Club name is required.');
    expect(fieldMessage(screen.getByLabelText(/^Committee e-mail/))).toBe('Please enter your email address');
    expect(fieldMessage(screen.getByLabelText('First name'))).toBe('First name is required.');
    expect(fieldMessage(screen.getByLabelText('Email'))).toBe('Please enter your email address');
    expect(fieldMessage(screen.getByLabelText(/^Password/))).toMatch(/^Password must be at least/);
    // The memberships start as the example club's, so they have nothing to say.
    expect((screen.getByLabelText('Adult fee') as HTMLInputElement).value).toBe('40.00');
    expect(fieldMessage(screen.getByLabelText('Adult fee'))).toBeNull();
    // So do the competitions.
    expect((screen.getByLabelText('Member entry fee') as HTMLInputElement).value).toBe('10.00');
    expect((screen.getByLabelText('1st place: what it is') as HTMLInputElement).value).toBe('$100 tackle voucher');
    expect(fieldMessage(screen.getByLabelText('Fishing ends'))).toBeNull();
    expect(server.mutations()).toEqual([]);
  });

  it("puts the memberships' messages under their fields", async () => {
    const server = fakeServer({ ...SIGNED_OUT, 'setup.status': () => ok({ open: true }) });
    const user = userEvent.setup();
    renderApp('/setup', server);
    await fillForm(user);
    await fill(user, screen.getByLabelText('Adult fee'), '-40');
    await fill(user, screen.getByLabelText('Adults in a family'), '0');
    await user.click(screen.getByRole('button', { name: 'Set up and sign in' }));
    expect(fieldMessage(screen.getByLabelText('Adult fee'))).toBe('Adult fee cannot be below zero.');
    expect(fieldMessage(screen.getByLabelText('Adults in a family'))).toBe('Adults in a family must be at least 1.');
    expect(server.mutations()).toEqual([]);
  });

  it("puts the competitions' messages under their fields", async () => {
    const server = fakeServer({ ...SIGNED_OUT, 'setup.status': () => ok({ open: true }) });
    const user = userEvent.setup();
    renderApp('/setup', server);
    await fillForm(user, { memberships: false });
    fireEvent.change(screen.getByLabelText('Fishing ends'), { target: { value: '06:00' } });
    await fill(user, screen.getByLabelText('Picture of the month prize: what it is'), '');
    await user.click(screen.getByRole('button', { name: 'Set up and sign in' }));
    expect(fieldMessage(screen.getByLabelText('Fishing ends'))).toBe('Fishing end must be after fishing start.');
    expect(fieldMessage(screen.getByLabelText('Picture of the month prize: what it is'))).toBe(
      "Picture of the month prize must say what it is, like '$100 voucher'.",
    );
    expect(server.mutations()).toEqual([]);
  });

  it("puts what is wrong with the fishing area's GeoJSON under it", async () => {
    const server = fakeServer({ ...SIGNED_OUT, 'setup.status': () => ok({ open: true }) });
    const user = userEvent.setup();
    renderApp('/setup', server);
    await fillForm(user, { memberships: false });
    await user.click(screen.getByLabelText(/^New fishing area/));
    await user.paste('{"type": "Point", "coordinates": [153.1, -27.2]}');
    await user.click(screen.getByRole('button', { name: 'Set up and sign in' }));
    expect(fieldMessage(screen.getByLabelText(/^New fishing area/))).toBe(
      'The fishing area must be a GeoJSON Polygon, or a MultiPolygon with one polygon (a Feature or a FeatureCollection holding one is fine too).',
    );
    expect(server.mutations()).toEqual([]);
  });

  it("puts the server's refusal of a wrong code under the code", async () => {
    const wrong = 'That setup code is not right.';
    const server = fakeServer({
      ...SIGNED_OUT,
      'setup.status': () => ok({ open: true }),
      'setup.createFirstAdmin': () => trpcError(400, 'BAD_REQUEST', wrong, { fieldErrors: { code: wrong } }),
    });
    const user = userEvent.setup();
    renderApp('/setup', server);
    await fillForm(user, { memberships: false });
    await user.click(screen.getByRole('button', { name: 'Set up and sign in' }));
    await vi.waitFor(() => expect(fieldMessage(screen.getByLabelText('Setup code'))).toBe(wrong));
    expect(goTo).not.toHaveBeenCalled();
    // The memberships, competitions and documents left as they were: the example club's.
    expect(server.mutations()[0].inputs[0]).toEqual({
      ...typed,
      email: 'sue@example.com',
      code: expect.any(String) as string,
      club: { ...BAY_CLUB, colours: EXAMPLE_CLUB_PROFILE.colours },
      membership: EXAMPLE_MEMBERSHIP_RULES,
      competition: EXAMPLE_COMPETITION_RULES,
      placing: { onePlacingPerAngler: true },
      species: EXAMPLE_CLUB_SPECIES,
      documents: documentsEdit(EXAMPLE_CLUB_DOCUMENTS),
    });
  });

  it('makes the administrator and opens the administration', async () => {
    const server = fakeServer({
      ...SIGNED_OUT,
      'setup.status': () => ok({ open: true }),
      'setup.createFirstAdmin': () => ok(anAdmin({ email: 'sue@example.com' })),
    });
    const user = userEvent.setup();
    renderApp('/setup', server);
    await fillForm(user);
    await user.click(screen.getByLabelText(/^One placing per angler per category/));
    expect(screen.getByRole('img', { name: /^The example club’s fishing area/ })).toBeTruthy();
    await user.click(screen.getByLabelText(/^New fishing area/));
    await user.paste(BAY_AREA_GEOJSON);
    expect(screen.getByRole('img', { name: /^The fishing area given/ })).toBeTruthy();
    // The club documents step: the example club's words, to change.
    expect((screen.getByLabelText('Code of conduct: words') as HTMLTextAreaElement).value).toContain(
      '1. Uphold the interests of the club.',
    );
    await fill(user, screen.getByLabelText('Waiver: title'), 'Bay Waiver');
    await user.click(screen.getByRole('button', { name: 'Set up and sign in' }));
    await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith('/admin'));
    expect(server.mutations()).toMatchObject([
      {
        procedures: ['setup.createFirstAdmin'],
        // The colours and competitions were left as the example club's; the memberships were typed over the example club's.
        inputs: [
          {
            ...typed,
            email: 'sue@example.com',
            club: { ...BAY_CLUB, colours: EXAMPLE_CLUB_PROFILE.colours },
            membership: BAY_MEMBERSHIP,
            competition: EXAMPLE_COMPETITION_RULES,
            placing: { onePlacingPerAngler: false },
            fishingArea: BAY_AREA_GEOJSON,
            species: EXAMPLE_CLUB_SPECIES,
            documents: {
              ...documentsEdit(EXAMPLE_CLUB_DOCUMENTS),
              waiver: { ...documentsEdit(EXAMPLE_CLUB_DOCUMENTS).waiver, title: 'Bay Waiver' },
            },
          },
        ],
      },
    ]);
  });

  it('is where the landing page of a site not yet set up leads, and only then', async () => {
    renderApp('/', fakeServer({ ...SIGNED_OUT, 'setup.status': () => ok({ open: true }) }));
    expect(await screen.findByText('This site is not set up yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Set up the club' }).getAttribute('href')).toBe('/setup');
  });

  it('is the not-found page once the club has an administrator', async () => {
    const server = fakeServer({ ...SIGNED_OUT, 'setup.status': () => ok({ open: false }) });
    renderApp('/setup', server);
    expect(await screen.findByText('404 Page Not Found')).toBeTruthy();
    expect(screen.queryByLabelText('Setup code')).toBeNull();
  });
});
