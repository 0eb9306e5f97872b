import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Sponsor } from '../../src/server/db/entities';
import { createAdmin, createEvent, createMember, enterEvent } from '../support/factories';
import { PUBLIC_URL, startTestApp, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: 'secretary@club.test' } });
  admin = (await createAdmin(t, { email: 'secretary@club.test' })).client;
});
afterAll(() => t?.close());

/** The field errors a refused request answers (what the form puts under its fields). */
async function fieldErrorsOf(request: Promise<unknown>): Promise<Record<string, string>> {
  const error = await request.then(
    () => {
      throw new Error('The request was accepted');
    },
    (e: { data?: { fieldErrors?: Record<string, string>; httpStatus?: number } }) => e,
  );
  expect(error.data?.httpStatus).toBe(400);
  return error.data?.fieldErrors ?? {};
}

describe('the event form hears of every invalid field in one answer', () => {
  it('names each field the schema refuses, the fishing hours included', async () => {
    const errors = await fieldErrorsOf(
      admin.trpc.admin.events.create.mutate({
        name: '',
        location: '',
        eventDate: '2027-02-30T07:00',
        registrationFee: '10.005',
        fishingStart: '14:00',
        fishingEnd: '07:00',
      }),
    );
    expect(errors).toEqual({
      name: 'Event name is required.',
      location: 'Location is required.',
      eventDate: 'Event date must be a date and time (YYYY-MM-DDTHH:mm).',
      registrationFee: 'Registration fee must be an amount in dollars with at most 2 decimals, such as 10.00.',
      fishingEnd: 'Fishing end must be after fishing start.',
    });
  });

  it("names together the fields refused for the event's own state: a maximum below the entries and a late close", async () => {
    const event = await createEvent(t, { name: 'Bream Bonanza' });
    for (const name of ['Ann', 'Ben', 'Cal']) await enterEvent(t, event.id, (await createMember(t, { firstName: name })).memberId);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(event.eventDate);
    const errors = await fieldErrorsOf(
      admin.trpc.admin.events.update.mutate({
        id: event.id,
        event: {
          name: 'Bream Bonanza',
          location: 'Kingscliff',
          eventDate: `${day}T07:00`,
          maxParticipants: '2',
          entriesCloseAt: `${day}T18:00`,
        },
      }),
    );
    expect(errors).toEqual({
      maxParticipants: '3 members are already registered, so the maximum cannot be lower than that.',
      entriesCloseAt: expect.stringMatching(/^Entries must close by the time fishing ends \(.+2:00 pm\)\.$/),
    });
  });
});

describe('the sponsor review hears of every refused address in one answer', () => {
  it('names the logo and the website together', async () => {
    await t.client().json('POST', '/api/sponsors/register', {
      companyName: 'Kingscliff Marine',
      contactPerson: 'Casey Hull',
      email: 'casey@kingscliffmarine.example',
      phone: '0412 000 111',
      sponsorshipType: 'website',
    });
    const sponsor = await t.em().findOneOrFail(Sponsor, { email: 'casey@kingscliffmarine.example' });
    const errors = await fieldErrorsOf(
      admin.trpc.admin.sponsors.review.mutate({
        id: sponsor.id,
        // https: an http:// logo is refused by the image address rule before its path is looked at.
        logoUrl: `${PUBLIC_URL.replace(/^http:/, 'https:')}/api/admin/members`,
        websiteUrl: `${PUBLIC_URL}/trpc/auth.me`,
      }),
    );
    expect(Object.keys(errors).sort()).toEqual(['logoUrl', 'websiteUrl']);
    expect(errors.logoUrl).toMatch(/^The logo /);
    expect(errors.websiteUrl).toMatch(/^The website /);
  });
});
