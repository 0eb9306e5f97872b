import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog, Sponsor } from '../../src/server/db/entities';
import { signedInClient, startTestApp, type TestApp, type TestClient } from '../support/test-app';

let t: TestApp;
let admin: TestClient;
beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_EMAILS: 'secretary@club.test' } });
  admin = (await signedInClient(t, 'secretary@club.test')).client;
});
afterAll(() => t?.close());

type Entry = { action: string; entityId: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null };

/** The newest audit entry of a record with this action, as the Audit Log tab receives it. */
async function lastAudit(entityType: string, entityId: string, action: string): Promise<Entry> {
  const page = await admin.trpc.admin.audit.query({ entityType, entityId, page: 1, pageSize: 50 });
  const entry = page.rows.find((r) => r.action === action);
  expect(entry, `${action} of ${entityType} ${entityId}`).toBeDefined();
  return entry!;
}

/** The keys whose values differ between before and after (what the Audit Log tab lists as changes). */
const changed = (e: Entry) =>
  [...new Set([...Object.keys(e.before ?? {}), ...Object.keys(e.after ?? {})])].filter(
    (k) => JSON.stringify(e.before?.[k] ?? null) !== JSON.stringify(e.after?.[k] ?? null),
  );

describe('the audit log keeps every field the committee changes', () => {
  it('records each field of an event edit, club code, location, fee, maximum, rules and prizes included', async () => {
    const created = await admin.trpc.admin.events.create.mutate({
      name: 'Flathead Classic',
      eventDate: '2027-03-06T06:00',
      location: 'Fingal Head boat ramp',
      description: 'Flathead on lures.',
      rules: 'Brag mat photos only.',
      prizes: '1st $100 voucher',
      registrationFee: '10',
      juniorFee: '',
      nonMemberFee: '15',
      maxParticipants: '40',
      clubCode: 'TWEED',
      fishingStart: '06:00',
      fishingEnd: '13:00',
      entriesCloseAt: '',
      payAtSignOn: true,
      requireCheckIn: false,
      divisions: true,
    });
    const creation = await lastAudit('Event', created.id, 'event.create');
    expect(creation.after).toMatchObject({
      name: 'Flathead Classic',
      location: 'Fingal Head boat ramp',
      clubCode: 'TWEED',
      memberFeeCents: 1000,
      maxParticipants: 40,
      rules: 'Brag mat photos only.',
      prizes: '1st $100 voucher',
    });

    await admin.trpc.admin.events.update.mutate({
      id: created.id,
      event: {
        name: 'Bream Bonanza',
        eventDate: '2027-03-07T05:30',
        location: 'Kingscliff',
        description: 'Bream on bait.',
        rules: 'Catch and release.',
        prizes: '1st $200 voucher',
        registrationFee: '12.50',
        juniorFee: '5',
        nonMemberFee: '20',
        maxParticipants: '60',
        clubCode: 'BREAM-27',
        fishingStart: '05:30',
        fishingEnd: '12:00',
        entriesCloseAt: '2027-03-06T18:00',
        payAtSignOn: false,
        requireCheckIn: true,
        divisions: false,
        status: 'completed',
      },
    });
    const edit = await lastAudit('Event', created.id, 'event.update');
    expect(changed(edit).sort()).toEqual(
      [
        'name',
        'eventDate',
        'location',
        'description',
        'rules',
        'prizes',
        'memberFeeCents',
        'juniorFeeCents',
        'nonMemberFeeCents',
        'maxParticipants',
        'clubCode',
        'fishingStart',
        'fishingEnd',
        'entriesCloseAt',
        'payAtSignOn',
        'requireCheckIn',
        'divisions',
        'status',
      ].sort(),
    );
    expect(edit.before).toMatchObject({ location: 'Fingal Head boat ramp', clubCode: 'TWEED', maxParticipants: 40, memberFeeCents: 1000 });
    expect(edit.after).toMatchObject({
      location: 'Kingscliff',
      clubCode: 'BREAM-27',
      maxParticipants: 60,
      memberFeeCents: 1250,
      rules: 'Catch and release.',
      prizes: '1st $200 voucher',
      eventDate: '2027-03-06T18:30:00.000Z',
    });

    // Saving the form again unchanged records an entry whose fields all stay the same.
    await admin.trpc.admin.events.update.mutate({
      id: created.id,
      event: { name: 'Bream Bonanza', eventDate: '2027-03-07T05:30', location: 'Kingscliff', status: 'completed' },
    });
    const again = (await admin.trpc.admin.audit.query({ entityType: 'Event', entityId: created.id, page: 1, pageSize: 50 })).rows[0];
    // Left out of the request: the description, rules and prizes are cleared, the fee is $0 and there is no maximum.
    expect(changed(again as Entry).sort()).toEqual(['description', 'maxParticipants', 'memberFeeCents', 'prizes', 'rules']);
  });

  it('records every field of a sponsor the committee reviews, before and after', async () => {
    await t.client().json('POST', '/api/sponsors/register', {
      companyName: 'Cudgen Creek Cafe',
      contactPerson: 'Kim Latte',
      email: 'kim@cudgencafe.example',
      phone: '02 6674 0000',
      address: '3 Creek St, Kingscliff NSW 2487',
      sponsorshipType: 'website',
      comments: 'Coffee vouchers for prizes.',
    });
    const sponsor = await t.em().findOneOrFail(Sponsor, { email: 'kim@cudgencafe.example' });
    await admin.trpc.admin.sponsors.review.mutate({
      id: sponsor.id,
      status: 'active',
      logoUrl: 'https://cudgencafe.example/logo.png',
      websiteUrl: 'https://cudgencafe.example',
      endDate: '2027-06-30',
    });
    const review = await lastAudit('Sponsor', sponsor.id, 'sponsor.review');
    expect(Object.keys(review.before!).sort()).toEqual(Object.keys(review.after!).sort());
    expect(review.before).toMatchObject({ companyName: 'Cudgen Creek Cafe', contactPerson: 'Kim Latte', status: 'pending', logoUrl: null });
    expect(changed(review).sort()).toEqual(['endDate', 'logoUrl', 'reviewedAt', 'status', 'websiteUrl']);
    expect(review.after).toMatchObject({
      status: 'active',
      logoUrl: 'https://cudgencafe.example/logo.png',
      websiteUrl: 'https://cudgencafe.example',
      endDate: '2027-06-30',
      amountCents: expect.any(Number),
      sponsorshipType: 'website',
    });
  });

  it('records every field of a setting, its type and description included', async () => {
    const first = await admin.trpc.admin.cms.settings.save.mutate({
      settingKey: 'weigh_in_hint',
      settingValue: 'Tight lines!',
      settingType: 'text',
      description: 'Shown at the weigh-in',
    });
    const created = await lastAudit('SiteSetting', first.id, 'setting.save');
    expect(created.before).toBeNull();
    expect(created.after).toMatchObject({ settingKey: 'weigh_in_hint', settingValue: 'Tight lines!', settingType: 'text' });

    await admin.trpc.admin.cms.settings.save.mutate({
      settingKey: 'weigh_in_hint',
      settingValue: '{"hint":"Tight lines!"}',
      settingType: 'json',
      description: 'The weigh-in hint',
    });
    const edit = await lastAudit('SiteSetting', first.id, 'setting.save');
    expect(changed(edit).sort()).toEqual(['description', 'settingType', 'settingValue']);
    expect(edit.after).toMatchObject({ settingType: 'json', description: 'The weigh-in hint', settingValue: '{"hint":"Tight lines!"}' });
  });
});

describe('the audit log order', () => {
  it('lists the newest change first by its time, not by when the row was written; equal times newest row first', async () => {
    const em = t.em();
    const at = (iso: string) => new Date(iso);
    // Rows written in an order that differs from their times (an import, a clock fixed after the fact).
    for (const [id, time] of [
      ['order-b', '2026-11-20T10:00:00Z'],
      ['order-a', '2026-11-22T10:00:00Z'],
      ['order-c', '2026-11-21T10:00:00Z'],
      ['order-d', '2026-11-21T10:00:00Z'],
    ] as const) {
      em.create(AuditLog, {
        actor: null,
        actorLabel: 'test',
        action: 'test.order',
        entityType: 'OrderTest',
        entityId: id,
        createdAt: at(time),
      });
    }
    await em.flush();
    const page = await admin.trpc.admin.audit.query({ entityType: 'OrderTest', page: 1, pageSize: 10 });
    expect(page.rows.map((r) => r.entityId)).toEqual(['order-a', 'order-d', 'order-c', 'order-b']);
    expect(page.rows.map((r) => r.at)).toEqual([
      '2026-11-22T10:00:00.000Z',
      '2026-11-21T10:00:00.000Z',
      '2026-11-21T10:00:00.000Z',
      '2026-11-20T10:00:00.000Z',
    ]);
  });
});
