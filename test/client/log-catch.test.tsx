import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clubToday } from '../../src/shared/dates';
import { ACCURACY_TEXT, LogCatchForm } from '../../src/client/features/catches/log-catch-form';
import { ACHIEVEMENTS_KEY } from '../../src/client/features/catches/device-achievements';
import { installFakeXhr, type XhrRequest } from './fake-xhr';
import { aProfile, aUser, anAdmin, anEvent } from './builders';
import { type Answers, fakeServer, ok, renderWithProviders, trpcError } from './render';
import { fieldMessage } from './field-message';
import { CATCH_SIZE_MESSAGE } from '../../src/shared/catches';

const ME = '11111111-1111-4111-8111-111111111111';
const MATE = '22222222-2222-4222-8222-222222222222';
const EVENT_ID = '33333333-3333-4333-8333-333333333333';
const todaysEvent = () =>
  anEvent({
    id: EVENT_ID,
    name: 'Flathead Classic',
    eventDate: new Date().toISOString(),
    acceptsCatchesToday: true,
    // All day, so the form sends whenever the tests run (the fishing hours have tests of their own).
    fishingStart: '00:00',
    fishingEnd: '23:59',
  });
const ACHIEVEMENT = {
  id: 'big',
  title: 'Big Fish!',
  description: 'A fish of 40 cm or more.',
  icon: '🎣',
  rarity: 'epic',
  points: 50,
  fishType: 'Flathead',
  size: 42.5,
  weight: 0,
};
const CREATED = { catch: { id: 'c1', fishType: 'Flathead' }, achievement: ACHIEVEMENT };

const PROFILE = aProfile({ id: ME, firstName: 'Morgan', lastName: 'Reef' });

function server(overrides: Answers = {}) {
  return fakeServer({
    'members.list': () =>
      ok([
        { id: ME, firstName: 'Morgan', lastName: 'Reef' },
        { id: MATE, firstName: 'Sam', lastName: 'Tide' },
      ]),
    'auth.me': () => ok(aUser({ firstName: 'Morgan', lastName: 'Reef' })),
    'members.profile': () => ok(PROFILE),
    'events.upcoming': () => ok([todaysEvent()]),
    'events.clubCode': () => ok({ code: 'MULLET' }),
    'members.entrants': ({ eventId }) => ok({ eventId, memberIds: [ME] }),
    ...overrides,
  });
}

let xhr: ReturnType<typeof installFakeXhr>;
let answer: (r: XhrRequest) => { status: number; body: unknown } | 'network-error';
beforeEach(() => {
  localStorage.clear();
  answer = () => ({ status: 201, body: CREATED });
  xhr = installFakeXhr((r) => answer(r));
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: (success: PositionCallback) =>
        success({ coords: { latitude: -28.17452, longitude: 153.541234 } } as GeolocationPosition),
    },
  });
});
afterEach(() => xhr.restore());

const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xd9])], 'fish.jpg', { type: 'image/jpeg' });

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  values: { species?: string; size?: string; fate?: 'Kept' | 'Released'; photo?: boolean; accurate?: boolean },
) {
  await waitFor(() => expect((screen.getByLabelText(/^Event/) as HTMLSelectElement).value).toBe(EVENT_ID));
  await waitFor(() => expect((screen.getByLabelText(/^Member/) as HTMLSelectElement).value).toBe(ME));
  if (values.species) await user.selectOptions(screen.getByLabelText(/^Species/), values.species);
  if (values.size) await user.type(screen.getByLabelText(/^Size \(cm\)/), values.size);
  if (values.fate) await user.click(screen.getByLabelText(values.fate));
  if (values.photo) await user.upload(screen.getByLabelText(/^Photo/), photo());
  if (values.accurate) await user.click(screen.getByLabelText(ACCURACY_TEXT));
}
const submit = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Submit Catch' }));
/** Today's fishing hours already asked (or skipped) for the event and angler: the catch goes without the question. */
const hoursAlreadyAsked = () => localStorage.setItem(`tcac.hoursAsked.${clubToday(new Date())}.${EVENT_ID}.${ME}`, 'true');
const acceptWaiver = async (user: ReturnType<typeof userEvent.setup>) => {
  expect(await screen.findByRole('dialog', { name: 'Competition Rules & Waiver' })).toBeTruthy();
  await user.click(screen.getByRole('button', { name: 'Accept & Continue' }));
};

describe('Log Your Catch', () => {
  it('refuses missing fields first, then a missing photo, and sends nothing', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LogCatchForm />, server());
    await fill(user, { species: 'Flathead' });
    await submit(user);
    expect(await screen.findByText('Missing Information')).toBeTruthy();
    expect(screen.getByText('Please fill in all required fields.')).toBeTruthy();
    await fill(user, { size: '42.5', fate: 'Kept' });
    await submit(user);
    expect(await screen.findByText('Photo Required')).toBeTruthy();
    expect(screen.getByText('Please take a photo of your catch.')).toBeTruthy();
    expect(xhr.requests).toHaveLength(0);
  });

  it('shows the chosen photo as a thumbnail, so the angler sees it is the right one', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LogCatchForm />, server());
    await fill(user, { photo: true });
    const thumbnail = await screen.findByRole('img', { name: 'The chosen photo' });
    expect(thumbnail.getAttribute('src')).toMatch(/^blob:/);
  });

  it("puts the schema's sentence under each missing field", async () => {
    const user = userEvent.setup();
    renderWithProviders(<LogCatchForm />, server());
    await fill(user, { species: 'Flathead' });
    await submit(user);
    expect(await screen.findByText('Missing Information')).toBeTruthy();
    expect(fieldMessage(screen.getByLabelText(/^Size \(cm\)/))).toBe(CATCH_SIZE_MESSAGE);
    expect(fieldMessage(screen.getByLabelText(/^Species/))).toBeNull();
    expect(screen.getByText('Please say whether the fish was kept or released.')).toBeTruthy();
    await fill(user, { fate: 'Kept' });
    expect(screen.queryByText('Please say whether the fish was kept or released.')).toBeNull();
  });

  it('names what is still missing above Submit and puts the focus on the first of them; a size the club refuses (350 cm) is refused on the phone too', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LogCatchForm />, server());
    await fill(user, { fate: 'Released' });
    await submit(user);
    expect((await screen.findByTestId('catch-to-fix')).textContent).toBe('Still to fill in or correct: Species, Size (cm).');
    expect(document.activeElement).toBe(screen.getByLabelText(/^Species/));
    expect(screen.getByLabelText(/^Species/).getAttribute('aria-invalid')).toBe('true');

    await fill(user, { species: 'Mulloway', size: '350' });
    await submit(user);
    expect((await screen.findByTestId('catch-to-fix')).textContent).toBe('Still to fill in or correct: Size (cm).');
    expect(fieldMessage(screen.getByLabelText(/^Size \(cm\)/))).toBe(CATCH_SIZE_MESSAGE);
    expect((screen.getByLabelText(/^Size \(cm\)/) as HTMLInputElement).value).toBe('350');
    expect(document.activeElement).toBe(screen.getByLabelText(/^Size \(cm\)/));
    expect(xhr.requests).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Size \(cm\)/));
    await user.type(screen.getByLabelText(/^Size \(cm\)/), '112');
    await waitFor(() => expect(screen.queryByTestId('catch-to-fix')).toBeNull());
  });

  it('shows the waiver before the accuracy check; Cancel sends nothing, accepting resubmits into the accuracy check', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LogCatchForm />, server());
    await fill(user, { species: 'Flathead', size: '42.5', fate: 'Kept', photo: true });
    await submit(user);
    expect(await screen.findByRole('dialog', { name: 'Competition Rules & Waiver' })).toBeTruthy();
    expect(screen.getByText(/Photo tampering means disqualification/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(xhr.requests).toHaveLength(0);
    await submit(user);
    await acceptWaiver(user);
    expect(await screen.findByText('Accuracy Acknowledgment Required')).toBeTruthy();
    expect(screen.getByText('Please confirm the accuracy of your data.')).toBeTruthy();
    expect(xhr.requests).toHaveLength(0);
  });

  it('uploads the multipart fields with the GPS text, celebrates, keeps the achievement on the device and resets the form', async () => {
    const user = userEvent.setup();
    hoursAlreadyAsked();
    const api = server();
    renderWithProviders(<LogCatchForm />, api);
    expect(await screen.findByText('MULLET')).toBeTruthy();
    await fill(user, { species: 'Flathead', size: '42.5', fate: 'Kept', photo: true, accurate: true });
    expect(await screen.findByText('GPS: -28.174520, 153.541234')).toBeTruthy();
    await submit(user);
    await acceptWaiver(user);
    expect(await screen.findByText('Fish catch logged successfully!')).toBeTruthy();
    expect(xhr.requests).toHaveLength(1);
    const [request] = xhr.requests;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/catches');
    expect(request.fields).toMatchObject({
      fishType: 'Flathead',
      size: '42.5',
      fishKeptOrReleased: 'kept',
      eventId: EVENT_ID,
      memberId: ME,
      rulesWaiverAccepted: 'true',
      dataAccuracyAcknowledged: 'true',
      gpsCoordinates: '-28.174520, 153.541234',
    });
    expect(request.fields.clientId).toMatch(/^[0-9a-f-]{36}$/);
    expect(request.file?.type).toBe('image/jpeg');
    expect(await screen.findByText('Big Fish!')).toBeTruthy();
    expect(screen.getByText('+50 points')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(ACHIEVEMENTS_KEY)!)).toMatchObject([{ title: 'Big Fish!', rarity: 'epic', points: 50 }]);
    expect((screen.getByLabelText(/^Species/) as HTMLSelectElement).value).toBe('');
    expect((screen.getByLabelText(/^Size \(cm\)/) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText(ACCURACY_TEXT) as HTMLInputElement).checked).toBe(false);
    // The waiver is remembered: the next catch goes straight to the accuracy check.
    await fill(user, { species: 'Bream', size: '28', fate: 'Released', photo: true });
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await submit(user);
    expect(await screen.findByText('Accuracy Acknowledgment Required')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Competition Rules & Waiver' })).toBeNull();
  });

  it("does not send a catch outside the chosen event's fishing hours: the server's sentence shows above Submit and nothing typed is lost", async () => {
    // Hours that leave out now (club time), whenever the tests run.
    const hour = Number(
      new Intl.DateTimeFormat('en-AU', { timeZone: 'Australia/Sydney', hour: 'numeric', hourCycle: 'h23' }).format(new Date()),
    );
    const [fishingStart, fishingEnd, hours] =
      hour < 12 ? ['18:00', '23:00', '6:00 pm to 11:00 pm'] : ['01:00', '06:00', '1:00 am to 6:00 am'];
    const user = userEvent.setup();
    renderWithProviders(<LogCatchForm />, server({ 'events.upcoming': () => ok([{ ...todaysEvent(), fishingStart, fishingEnd }]) }));
    expect(await screen.findByText(`Fishing hours: ${hours}`)).toBeTruthy();
    await fill(user, { species: 'Flathead', size: '42.5', fate: 'Kept', photo: true, accurate: true });
    await submit(user);
    const sentence = await screen.findByText(
      new RegExp(`^Fishing for Flathead Classic runs ${hours}\\. This catch was logged at \\d{1,2}:\\d{2} [ap]m, outside those hours\\.$`),
    );
    expect(sentence.closest('[role="alert"]')?.textContent).toContain('Outside fishing hours');
    // Refused before the waiver and the upload; the form keeps what was entered, so it can be sent once fishing opens.
    expect(screen.queryByRole('dialog', { name: 'Competition Rules & Waiver' })).toBeNull();
    expect(xhr.requests).toHaveLength(0);
    expect((screen.getByLabelText(/^Species/) as HTMLSelectElement).value).toBe('Flathead');
    expect((screen.getByLabelText(/^Size \(cm\)/) as HTMLInputElement).value).toBe('42.5');
    expect((screen.getByLabelText(ACCURACY_TEXT) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Submit Catch' }).hasAttribute('disabled')).toBe(false);
  });

  it('the achievement is a note under Submit, not a dialog: the form stays usable for the next fish and the note goes by itself after about 4.5 s', async () => {
    const user = userEvent.setup();
    hoursAlreadyAsked();
    renderWithProviders(<LogCatchForm />, server());
    await fill(user, { species: 'Flathead', size: '42.5', fate: 'Kept', photo: true, accurate: true });
    await submit(user);
    await acceptWaiver(user);
    const note = await screen.findByRole('status', { name: 'Achievement unlocked' });
    expect(within(note).getByText('Big Fish!')).toBeTruthy();
    expect(within(note).getByText('+50 points')).toBeTruthy();
    expect(within(note).getByText('epic')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    // The next fish is typed in while the note shows.
    await user.selectOptions(screen.getByLabelText(/^Species/), 'Bream');
    await user.type(screen.getByLabelText(/^Size \(cm\)/), '31');
    expect((screen.getByLabelText(/^Species/) as HTMLSelectElement).value).toBe('Bream');
    expect(screen.getByText('Big Fish!')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Big Fish!')).toBeNull(), { timeout: 6000 });
    expect(screen.queryByText('Daily Fishing Hours')).toBeNull();
  }, 10_000);

  it('warns before a kept fish under the legal minimum; Go Back sends nothing, Submit Anyway sends', async () => {
    const user = userEvent.setup();
    hoursAlreadyAsked();
    renderWithProviders(<LogCatchForm />, server());
    await fill(user, { species: 'Flathead', size: '30', fate: 'Kept', photo: true, accurate: true });
    await submit(user);
    await acceptWaiver(user);
    expect(await screen.findByText('Under the Legal Minimum Length')).toBeTruthy();
    expect(screen.getByText(/A kept flathead must be at least 36 cm in NSW. This one is 30 cm/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Go Back' }));
    expect(xhr.requests).toHaveLength(0);
    await submit(user);
    await user.click(await screen.findByRole('button', { name: 'Submit Anyway' }));
    await waitFor(() => expect(xhr.requests).toHaveLength(1));
  });

  it('does not warn for a released fish under the minimum', async () => {
    const user = userEvent.setup();
    hoursAlreadyAsked();
    localStorage.setItem('tcac.waiverAccepted', 'true');
    renderWithProviders(<LogCatchForm />, server());
    await fill(user, { species: 'Flathead', size: '30', fate: 'Released', photo: true, accurate: true });
    await submit(user);
    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    expect(screen.queryByText('Under the Legal Minimum Length')).toBeNull();
  });

  it("shows the server's reason when the catch is refused, and the generic text when the network fails (no queue in this browser); a retry after a network failure reuses the client id", async () => {
    const user = userEvent.setup();
    localStorage.setItem('tcac.waiverAccepted', 'true');
    renderWithProviders(<LogCatchForm />, server());
    // The first send meets no network, the second a refusal.
    answer = (r) =>
      xhr.requests.indexOf(r) === 0
        ? 'network-error'
        : { status: 400, body: { message: 'Catches can only be logged on the day of the event.' } };
    hoursAlreadyAsked();
    await fill(user, { species: 'Bream', size: '28', fate: 'Released', photo: true, accurate: true });
    await submit(user);
    expect(await screen.findByText('Failed to log fish catch. Please try again.')).toBeTruthy();
    // The form keeps the catch to try again.
    expect((screen.getByLabelText(/^Species/) as HTMLSelectElement).value).toBe('Bream');
    await submit(user);
    expect(await screen.findByText('Catches can only be logged on the day of the event.')).toBeTruthy();
    expect(xhr.requests).toHaveLength(2);
    expect(xhr.requests[1].fields.clientId).toBe(xhr.requests[0].fields.clientId);
    expect(xhr.requests[1].fields.loggedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    // Refused: still on the form to fix, and the next try is a new catch.
    expect((screen.getByLabelText(/^Size \(cm\)/) as HTMLInputElement).value).toBe('28');
    await submit(user);
    await waitFor(() => expect(xhr.requests).toHaveLength(3));
    expect(xhr.requests[2].fields.clientId).not.toBe(xhr.requests[1].fields.clientId);
  });

  it("asks today's fishing hours before the first catch of the day, records them, then sends the catch; the next catch is not asked", async () => {
    const user = userEvent.setup();
    localStorage.setItem('tcac.waiverAccepted', 'true');
    const api = server({ 'catches.logSession': () => ok({ message: 'ok' }) });
    renderWithProviders(<LogCatchForm />, api);
    await fill(user, { species: 'Flathead', size: '42.5', fate: 'Kept', photo: true, accurate: true });
    await submit(user);
    const dialog = await screen.findByRole('dialog', { name: 'Daily Fishing Hours' });
    // Asked before the catch goes, so nothing comes after it.
    expect(xhr.requests).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Hours fished today'), '3.5');
    await user.click(within(dialog).getByRole('button', { name: 'Record Hours' }));
    // The hours' toast ('3.5 hours logged for today.') gives way to the catch's: one toast at a time.
    await waitFor(() => expect(api.mutations()).toHaveLength(1));
    const calls = api.mutations().flatMap((c) => c.procedures.map((p, i) => [p, c.inputs[i]]));
    expect(calls).toEqual([
      ['catches.logSession', { eventId: EVENT_ID, memberId: ME, hoursSpent: 3.5, sessionDate: clubToday(new Date()) }],
    ]);
    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    expect(await screen.findByText('Big Fish!')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    await fill(user, { species: 'Bream', size: '28', fate: 'Released', photo: true, accurate: true });
    await submit(user);
    await waitFor(() => expect(xhr.requests).toHaveLength(2));
    expect(screen.queryByText('Daily Fishing Hours')).toBeNull();
  });

  it('Skip in the hours question posts no hours and sends the catch', async () => {
    const user = userEvent.setup();
    localStorage.setItem('tcac.waiverAccepted', 'true');
    const api = server();
    renderWithProviders(<LogCatchForm />, api);
    await fill(user, { species: 'Bream', size: '28', fate: 'Released', photo: true, accurate: true });
    await submit(user);
    await user.click(await screen.findByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(xhr.requests).toHaveLength(1));
    expect(await screen.findByText('Fish catch logged successfully!')).toBeTruthy();
    expect(api.mutations()).toHaveLength(0);
  });

  it('explains why the club code is not shown yet, and says when there is no event today', async () => {
    renderWithProviders(
      <LogCatchForm />,
      server({
        'events.clubCode': () => trpcError(400, 'BAD_REQUEST', 'The club code is shown on the day of the event, once fishing opens.'),
      }),
    );
    expect(await screen.findByText('The club code is shown on the day of the event, once fishing opens.')).toBeTruthy();
  });

  it('says when there is no club event today', async () => {
    renderWithProviders(<LogCatchForm />, server({ 'events.upcoming': () => ok([]) }));
    expect(await screen.findByText('There is no club event today. Catches are logged on the day of an event.')).toBeTruthy();
    expect((screen.getByLabelText(/^Event/) as HTMLSelectElement).disabled).toBe(true);
  });
});

describe("the member picker: today's entrants first", () => {
  const PIP = '44444444-4444-4444-8444-444444444444';
  /** The committee's secretary at the ramp, logging a catch for an angler. */
  const secretary = (overrides: Answers = {}) =>
    server({
      'auth.me': () => ok(anAdmin()),
      'members.profile': () => ok(null),
      'members.list': () =>
        ok([
          { id: PIP, firstName: 'Pip', lastName: 'Angler' },
          { id: ME, firstName: 'Morgan', lastName: 'Reef' },
          { id: MATE, firstName: 'Sam', lastName: 'Tide' },
        ]),
      'members.entrants': ({ eventId }) => ok({ eventId, memberIds: [MATE, PIP] }),
      ...overrides,
    });

  const groupsOf = (select: HTMLSelectElement) =>
    Array.from(select.querySelectorAll('optgroup')).map((g) => [
      g.label,
      Array.from(g.querySelectorAll('option')).map((o) => o.textContent),
    ]);

  it("offers the chosen event's entrants first and marks the others 'Not entered'", async () => {
    const api = secretary();
    const user = userEvent.setup();
    renderWithProviders(<LogCatchForm />, api);
    const select = (await screen.findByLabelText(/^Member/)) as HTMLSelectElement;
    await waitFor(() =>
      expect(groupsOf(select)).toEqual([
        ['Entered in Flathead Classic', ['Pip Angler', 'Sam Tide']],
        ['Not entered', ['Morgan Reef']],
      ]),
    );
    // The placeholder stays first.
    expect(select.options[0].textContent).toBe('Select member');
    expect(api.calls.find((c) => c.procedures.includes('members.entrants'))?.inputs).toContainEqual({ eventId: EVENT_ID });

    await user.selectOptions(select, MATE);
    expect(screen.queryByTestId('catch-member-not-entered')).toBeNull();
    await user.selectOptions(select, ME);
    expect(screen.getByTestId('catch-member-not-entered').textContent).toBe(
      "Not entered in Flathead Classic: only entrants' catches count. The committee can add an entrant on the day.",
    );
  });

  it('lists everyone by name while no event is chosen', async () => {
    renderWithProviders(<LogCatchForm />, secretary({ 'events.upcoming': () => ok([]) }));
    const select = (await screen.findByLabelText(/^Member/)) as HTMLSelectElement;
    await waitFor(() =>
      expect(Array.from(select.options).map((o) => o.textContent)).toEqual(['Select member', 'Pip Angler', 'Morgan Reef', 'Sam Tide']),
    );
    expect(select.querySelectorAll('optgroup')).toHaveLength(0);
  });
});
