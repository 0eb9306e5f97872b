import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aUser, anAuditPage } from './builders';
import { NOT_YET_JOINED, SECRETARY, SIGNED_OUT, adminOverview, fakeServer, ok, renderApp, type Answers, siteHealth } from './render';

const EMPTY_AUDIT = anAuditPage();

/** The admin page of a small club, with what its Events, Sponsors and Audit Log tabs ask for. */
const adminServer = (more: Answers = {}) =>
  fakeServer({
    ...SIGNED_OUT,
    'auth.me': () => ok(SECRETARY),
    'admin.overview': () => ok(adminOverview()),
    'admin.siteHealth': () => ok(siteHealth()),
    'admin.events.list': () => ok([]),
    'admin.sponsors.list': () => ok([]),
    'admin.audit': () => ok(EMPTY_AUDIT),
    ...more,
  });

const selectedTab = async () => (await screen.findAllByRole('tab')).find((t) => t.getAttribute('aria-selected') === 'true')?.textContent;

describe('each admin tab has its address', () => {
  it('opens the tab the address names, puts a chosen tab in the address, and Back returns to the one before', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/admin?tab=audit', adminServer());
    expect(await screen.findByRole('heading', { name: 'Audit Log' })).toBeTruthy();
    expect(await selectedTab()).toBe('Audit Log');

    await user.click(screen.getByRole('tab', { name: 'Sponsors' }));
    expect(router.state.location.search).toEqual({ tab: 'sponsors' });
    expect(await selectedTab()).toBe('Sponsors');

    await act(async () => router.history.back());
    expect(await screen.findByRole('heading', { name: 'Audit Log' })).toBeTruthy();
    expect(router.state.location.search).toEqual({ tab: 'audit' });
    expect(await selectedTab()).toBe('Audit Log');
  });

  it('opens on Events when the address names no tab or one that does not exist', async () => {
    const { unmount } = renderApp('/admin', adminServer());
    expect(await selectedTab()).toBe('Events');
    unmount();
    renderApp('/admin?tab=no-such-tab', adminServer());
    expect(await selectedTab()).toBe('Events');
    expect(screen.queryByText('404 Page Not Found')).toBeNull();
  });

  it('gives the content management tabs their addresses too', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      ...SIGNED_OUT,
      'auth.me': () => ok(SECRETARY),
      'admin.cms.pages.list': () => ok([]),
      'admin.cms.settings.list': () => ok([]),
      'admin.cms.news.list': () => ok([]),
    });
    const { router } = renderApp('/admin/cms?tab=settings', server);
    expect(await selectedTab()).toBe('Settings');
    await user.click(screen.getByRole('tab', { name: 'News' }));
    expect(router.state.location.href).toBe('/admin/cms?tab=news');
    await act(async () => router.history.back());
    expect(await selectedTab()).toBe('Settings');
  });

  it('asks a signed-out visitor to sign in on an admin link, and the e-mailed link is to come back to the same tab', async () => {
    const user = userEvent.setup();
    const server = fakeServer({
      ...SIGNED_OUT,
      'auth.login': () =>
        ok({ message: 'We have e-mailed you a sign-in link.', userId: null, requiresVerification: false, linkSent: true }),
    });
    renderApp('/admin?tab=sponsors', server);
    expect(await screen.findByRole('heading', { name: 'Administration' })).toBeTruthy();
    expect(screen.queryByText('404 Page Not Found')).toBeNull();
    const form = screen.getByRole('form', { name: 'Login' });
    await user.type(within(form).getByLabelText('Email'), 'sec@example.com');
    await user.click(within(form).getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Check Your Email')).toBeTruthy();
    expect(server.mutations()[0]).toMatchObject({
      procedures: ['auth.login'],
      inputs: [{ email: 'sec@example.com', next: '/admin?tab=sponsors' }],
    });
  });

  it('still shows the not-found page to a signed-in member', async () => {
    const member = aUser({ role: 'member' });
    renderApp('/admin?tab=sponsors', fakeServer({ ...SIGNED_OUT, ...NOT_YET_JOINED, 'auth.me': () => ok(member) }));
    expect(await screen.findByText('404 Page Not Found')).toBeTruthy();
    expect(screen.queryByText('Access your club account')).toBeNull();
  });
});

describe('the site health card', () => {
  it('says when backups are not encrypted and how to set a key', async () => {
    const plain =
      "Backups are not encrypted: anyone who gets a backup file can read every member's details. To encrypt them, run `npm run cli -- backup-key`, set BACKUP_RECIPIENT on the server to the public key it prints (or set BACKUP_PASSPHRASE to a passphrase of 12 characters or more), and keep the secret key off the server: restoring needs it as BACKUP_IDENTITY.";
    renderApp('/admin', adminServer({ 'admin.siteHealth': () => ok(siteHealth({ encryption: null, message: plain })) }));
    const card = await screen.findByTestId('site-health');
    expect(within(card).getByText('Not encrypted')).toBeTruthy();
    expect(within(card).getByText(plain)).toBeTruthy();
    expect(within(card).getByText('npm run cli -- backup-key')).toBeTruthy();
  });

  it('says when they are encrypted', async () => {
    renderApp('/admin', adminServer());
    const card = await screen.findByTestId('site-health');
    expect(within(card).getByText("Encrypted (committee's key)")).toBeTruthy();
    expect(within(card).queryByText('npm run cli -- backup-key')).toBeNull();
  });
});
