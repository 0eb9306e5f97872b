import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AdminNewslettersTab } from '../../src/client/features/newsletters/newsletters-tab';
import type { Segment } from '../../src/shared/newsletters.schema';
import { fakeServer, ok, renderWithProviders, trpcError, type Output } from './render';
import { fill } from './fill';

const ID = '11111111-1111-4111-8111-111111111111';
const EVENT = '22222222-2222-4222-8222-222222222222';

const view = (
  input: { subject: string; bodyHtml: string; segment: Segment },
  status: 'draft' | 'sending' = 'draft',
): Output<'admin.newsletters.get'> => ({
  id: ID,
  subject: input.subject,
  bodyHtml: input.bodyHtml,
  segment: input.segment,
  segmentLabel: 'All current members',
  status,
  createdAt: '2026-11-20T00:00:00.000Z',
  updatedAt: '2026-11-20T00:00:00.000Z',
  queuedAt: status === 'sending' ? '2026-11-20T01:00:00.000Z' : null,
  finishedAt: null,
  sentBy: status === 'sending' ? 'Pat Secretary' : null,
  counts: {
    total: status === 'sending' ? 43 : 0,
    queued: status === 'sending' ? 42 : 0,
    sending: 0,
    sent: 0,
    failed: 0,
    skipped: status === 'sending' ? 1 : 0,
    uncertain: 0,
  },
  sourceArticleId: null,
});

/** The club's answers: 42 current members (one more unsubscribed), 3 whose membership ends within 30 days. */
function newsletterServer(overrides: Parameters<typeof fakeServer>[0] = {}) {
  return fakeServer({
    'admin.newsletters.list': () => ok([]),
    'admin.newsletters.count': ({ segment }) =>
      segment.kind === 'expiring'
        ? ok({ label: `Members whose membership ends within ${segment.days} days`, recipients: 3, unsubscribed: 0, withoutEmail: 2 })
        : ok({ label: 'All current members', recipients: 42, unsubscribed: 1, withoutEmail: 0 }),
    'admin.events.list': () => ok([]),
    'admin.newsletters.testSend': () => ok({ message: 'A test was sent to sec@example.com.' }),
    'admin.newsletters.create': (input) => ok(view(input)),
    'admin.newsletters.update': (input) => ok(view(input)),
    'admin.newsletters.send': () => ok(view({ subject: 'Winter flathead', bodyHtml: '<p>x</p>', segment: { kind: 'current' } }, 'sending')),
    ...overrides,
  });
}

async function typeSlowly(user: ReturnType<typeof userEvent.setup>, text: string) {
  for (const key of text) {
    await user.keyboard(key);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function writeOne(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Write a newsletter' }));
  const dialog = await screen.findByRole('dialog', { name: 'Write a newsletter' });
  await fill(user, within(dialog).getByLabelText(/^Subject/), 'Winter flathead');
  await user.click(await within(dialog).findByRole('textbox', { name: /^Message/ }));
  await typeSlowly(user, 'Season opens Saturday');
  return dialog;
}

describe('writing a newsletter', () => {
  it('shows how many people the chosen group holds, as the group changes', async () => {
    const user = userEvent.setup();
    const server = newsletterServer();
    renderWithProviders(<AdminNewslettersTab />, server);
    expect(await screen.findByText('No newsletters yet. Write the first one!')).toBeTruthy();
    const dialog = await writeOne(user);
    expect(await within(dialog).findByText('Goes to 42 people (1 unsubscribed address skipped).')).toBeTruthy();
    await user.selectOptions(within(dialog).getByLabelText('Send to'), 'expiring');
    expect(await within(dialog).findByText('Goes to 3 people. 2 members in this group have no e-mail address of their own.')).toBeTruthy();
    const days = within(dialog).getByLabelText('Membership ends within (days)');
    await user.clear(days);
    await user.type(days, '7');
    await waitFor(() =>
      expect(
        server.calls.some((c) => c.procedures.includes('admin.newsletters.count') && JSON.stringify(c.inputs).includes('"days":7')),
      ).toBe(true),
    );
  });

  it('sends a test to the committee member, then sends after confirming, saving the draft first', async () => {
    const user = userEvent.setup();
    const server = newsletterServer();
    renderWithProviders(<AdminNewslettersTab />, server);
    const dialog = await writeOne(user);
    await within(dialog).findByText('Goes to 42 people (1 unsubscribed address skipped).');

    await user.click(within(dialog).getByRole('button', { name: 'Send test to me' }));
    expect(await screen.findByText('A test was sent to sec@example.com.')).toBeTruthy();
    const test = server.mutations().find((c) => c.procedures[0] === 'admin.newsletters.testSend')!;
    expect(test.inputs[0]).toMatchObject({ subject: 'Winter flathead', bodyHtml: expect.stringContaining('Season opens Saturday') });

    await user.click(within(dialog).getByRole('button', { name: 'Send…' }));
    const confirm = await screen.findByRole('dialog', { name: 'Send this newsletter?' });
    expect(confirm.textContent).toContain('“Winter flathead” goes to 42 people (All current members)');
    await user.click(within(confirm).getByRole('button', { name: 'Send now' }));
    expect(await screen.findByText('“Winter flathead” is on its way to 42 people.')).toBeTruthy();
    expect(server.mutations().map((c) => c.procedures[0])).toEqual([
      'admin.newsletters.testSend',
      'admin.newsletters.create',
      'admin.newsletters.send',
    ]);
    expect(server.mutations()[2].inputs[0]).toEqual({ id: ID });
  });

  it("shows every problem on its field before anything is sent, and the server's refusal", async () => {
    const user = userEvent.setup();
    const server = newsletterServer({
      'admin.newsletters.send': () => trpcError(409, 'CONFLICT', 'This newsletter has already been sent. Each person receives it once.'),
    });
    renderWithProviders(<AdminNewslettersTab />, server);
    await user.click(await screen.findByRole('button', { name: 'Write a newsletter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Write a newsletter' });
    await user.click(within(dialog).getByRole('button', { name: 'Send test to me' }));
    expect(await within(dialog).findByText('Subject is required.')).toBeTruthy();
    expect(within(dialog).getByText('Please write the message.')).toBeTruthy();
    await user.selectOptions(within(dialog).getByLabelText('Send to'), 'event');
    expect(await within(dialog).findByText('Choose who receives it to see how many people that is.')).toBeTruthy();
    expect(server.mutations()).toEqual([]);

    await user.selectOptions(within(dialog).getByLabelText('Send to'), 'current');
    await fill(user, within(dialog).getByLabelText(/^Subject/), 'Winter flathead');
    await user.click(within(dialog).getByRole('textbox', { name: /^Message/ }));
    await typeSlowly(user, 'Hello');
    await within(dialog).findByText('Goes to 42 people (1 unsubscribed address skipped).');
    await user.click(within(dialog).getByRole('button', { name: 'Send…' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Send this newsletter?' })).getByRole('button', { name: 'Send now' }),
    );
    expect(await screen.findByText('This newsletter has already been sent. Each person receives it once.')).toBeTruthy();
    void EVENT;
  });
});
