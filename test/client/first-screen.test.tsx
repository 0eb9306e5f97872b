import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLUB_ADDRESS_ID } from '../../src/shared/club-address';
import { FIRST_SCREEN_DATA_ID } from '../../src/shared/first-screen';
import { ROUTES } from '../../src/shared/screens';
import { prefetchFirstScreen } from '../../src/client/first-screen';
import { AppProviders } from '../../src/client/providers';
import { createAppRouter } from '../../src/client/router';
import { createQueryClient, createTrpcClient } from '../../src/client/trpc';
import { aUser } from './builders';
import { NOT_YET_JOINED, SIGNED_OUT, fakeServer, ok, type Answers } from './render';

/** The app as main.tsx starts it: the first screen's reads asked for before the first render. */
function start(path: string, answers: Answers = SIGNED_OUT) {
  const server = fakeServer(answers);
  const queryClient = createQueryClient();
  const trpcClient = createTrpcClient({ url: 'http://localhost/trpc', fetch: server.fetch });
  prefetchFirstScreen(queryClient, trpcClient, path);
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }) });
  render(
    <AppProviders queryClient={queryClient} trpcClient={trpcClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return server;
}

afterEach(() => document.getElementById(FIRST_SCREEN_DATA_ID)?.remove());

/** The answers the server puts in the page's HTML (first-screen-html.ts). */
function pageCarries(answers: { path: string; input?: Record<string, unknown>; data: unknown }[]) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = FIRST_SCREEN_DATA_ID;
  script.textContent = JSON.stringify(answers);
  document.head.append(script);
}

describe('the first screen', () => {
  it('draws from the answers the page came with and asks the network for nothing', async () => {
    pageCarries([
      { path: 'auth.me', data: null },
      { path: 'cms.settings', data: { siteTitle: 'Tweed Coast Anglers Club', contactEmail: 'committee@example.com' } },
      { path: 'cms.sections', input: { pageSlug: 'landing' }, data: [] },
      { path: 'events.upcoming', input: { limit: 4 }, data: [] },
      { path: 'sponsors.active', data: [] },
      { path: 'setup.status', data: { open: false } },
    ]);
    const server = start('/', {});
    expect(await screen.findByText('Ready to Cast Your Line?')).toBeTruthy();
    expect(await screen.findByText('No upcoming events at the moment. Check back soon!')).toBeTruthy();
    expect(server.calls).toEqual([]);
  });

  it('asks for what the page did not come with, and ignores answers it cannot read', async () => {
    pageCarries([{ path: 'auth.me', data: null }]);
    const server = start('/');
    await vi.waitFor(() => expect(server.calls.length).toBeGreaterThan(0));
    expect([...server.calls[0].procedures].sort()).toEqual([
      'cms.sections',
      'cms.settings',
      'events.upcoming',
      'setup.status',
      'sponsors.active',
    ]);
    document.getElementById(FIRST_SCREEN_DATA_ID)!.textContent = '[{"path":';
    const again = start('/');
    await vi.waitFor(() => expect(again.calls.length).toBeGreaterThan(0));
    expect(again.calls[0].procedures).toContain('auth.me');
  });

  it("asks for the landing page's reads together with the session check, in one request, and nothing after", async () => {
    const server = start('/');
    expect(await screen.findByText('Ready to Cast Your Line?')).toBeTruthy();
    await vi.waitFor(() => expect(server.calls.length).toBeGreaterThan(0));
    expect(server.calls.map((c) => [...c.procedures].sort())).toEqual([
      ['auth.me', 'cms.sections', 'cms.settings', 'events.upcoming', 'setup.status', 'sponsors.active'],
    ]);
    expect(server.calls[0].inputs[server.calls[0].procedures.indexOf('cms.sections')]).toEqual({ pageSlug: 'landing' });
  });

  it("asks for the home panel's sections with the session check at /public", async () => {
    const server = start('/public');
    await vi.waitFor(() => expect(server.calls.length).toBeGreaterThan(0));
    const [first] = server.calls;
    expect(first.inputs[first.procedures.indexOf('cms.sections')]).toEqual({ pageSlug: 'home' });
    expect(first.procedures).toContain('auth.me');
  });

  it("asks for the portal banner's profile with the session check at /member", async () => {
    const member: Answers = { ...SIGNED_OUT, ...NOT_YET_JOINED, 'auth.me': () => ok(aUser({ role: 'member' })) };
    const server = start('/member', member);
    await vi.waitFor(() => expect(server.calls.length).toBeGreaterThan(0));
    expect([...server.calls[0].procedures].sort()).toEqual(['auth.me', 'cms.settings', 'members.profile']);
  });
});

/** The club's address as the server puts it in the page's HTML (first-screen-html.ts). */
function pageSaysClubAddress(address: { url: string; secureSession: boolean }) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = CLUB_ADDRESS_ID;
  script.textContent = JSON.stringify(address);
  document.head.append(script);
}

describe("a page opened away from the club's address", () => {
  afterEach(() => {
    document.getElementById(CLUB_ADDRESS_ID)?.remove();
    vi.unstubAllGlobals();
  });

  it('names the address, links to the same page there, and says signing in works only there when it cannot work here', async () => {
    // A production site, whose session cookie needs a secure page, opened over plain HTTP at another address.
    pageSaysClubAddress({ url: 'https://club.example.org', secureSession: true });
    vi.stubGlobal('isSecureContext', false);
    start('/public?tab=news');
    const notice = await screen.findByRole('note', { name: "The club's address" });
    expect(notice.textContent).toContain(
      `You opened the club's site at ${window.location.host}. Its address is https://club.example.org — links in the club's e-mails and payments return there. Signing in works only there.`,
    );
    expect(within(notice).getByRole('link', { name: 'Open this page at club.example.org' }).getAttribute('href')).toBe(
      'https://club.example.org/public?tab=news',
    );
  });

  it('says nothing at the club address itself', async () => {
    pageSaysClubAddress({ url: window.location.origin, secureSession: false });
    start('/public');
    expect(await screen.findByText('Competition Results')).toBeTruthy();
    expect(screen.queryByRole('note', { name: "The club's address" })).toBeNull();
  });
});

describe('the screens', () => {
  it('are all in the router, each at its own path, and nothing else is', () => {
    const paths = Object.keys(createAppRouter().routesByPath).filter((path) => path !== '__root__');
    expect(paths.sort()).toEqual(Object.values(ROUTES).sort());
  });
});
