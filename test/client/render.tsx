import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AppProviders } from '../../src/client/providers';
import { createAppRouter } from '../../src/client/router';
import { createQueryClient, createTrpcClient } from '../../src/client/trpc';
import type { Input, Output, Procedure } from './api-types';
import { aDashboard, aFishingArea, aPictureMonth, anAdmin } from './builders';
import { EXAMPLE_CLUB_PROFILE as CLUB } from '../../src/shared/club-example';
import { unanswered } from './unanswered';

export interface RecordedCall {
  /** Procedure names of the (batched) request, e.g. ['auth.login']. */
  procedures: string[];
  method: string;
  /** The JSON input of each procedure, in order. */
  inputs: unknown[];
}

export type { Input, Output, Procedure };
/** The committee's dashboard answers, kept here beside SECRETARY for the tests of the admin page. */
export { adminOverview, siteHealth } from './builders';

export interface OkAnswer<T> {
  status?: number;
  body: { result: { data: T } };
}
export interface ErrorAnswer {
  status: number;
  body: { error: { message: string; code: number; data: Record<string, unknown> } };
}
/** Something in front of the server answered instead (a proxy's error page, say): not tRPC's JSON. */
export interface RawAnswer {
  status: number;
  body: string;
}
export type Answer<T> = OkAnswer<T> | ErrorAnswer | RawAnswer;

/** The canned answers of one test: a procedure it does not list fails the test, naming it. */
export type Answers = { [P in Procedure]?: (input: Input<P>) => Answer<Output<P>> };

/**
 * A stand-in for the network: records every tRPC request and answers each procedure of a batch
 * from `answers` (result JSON, or an error shape with a status). Each answer is checked against the
 * procedure's output type; a procedure without an answer throws and fails the test.
 */
export function fakeServer(answers: Answers) {
  const calls: RecordedCall[] = [];
  const respond = (procedure: string, input: unknown): { status?: number; body: unknown } => {
    const answer = (answers as Record<string, ((input: unknown) => Answer<unknown>) | undefined>)[procedure];
    if (!answer) {
      unanswered.push(procedure);
      throw new Error(`The fake server has no answer for "${procedure}".`);
    }
    return answer(input);
  };
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const procedures = decodeURIComponent(url.pathname.replace(/^\/trpc\//, '')).split(',');
    const method = init?.method ?? 'GET';
    let raw: Record<string, unknown> = {};
    if (method === 'GET') raw = JSON.parse(url.searchParams.get('input') ?? '{}');
    else if (typeof init?.body === 'string') raw = JSON.parse(init.body);
    const inputs = procedures.map((_, i) => raw[String(i)]);
    calls.push({ procedures, method, inputs });
    const results = procedures.map((p, i) => respond(p, inputs[i]));
    const status = results.length === 1 ? (results[0].status ?? 200) : 207;
    return new Response(JSON.stringify(results.map((a) => a.body)), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { calls, fetch: fetchFn, mutations: () => calls.filter((c) => c.method === 'POST') };
}

export type FakeServer = ReturnType<typeof fakeServer>;

/** What every screen of the whole app (layout, landing page) asks for, as a signed-out visitor with an empty club sees it. */
export const SIGNED_OUT: Answers = {
  'auth.me': () => ok(null),
  'cms.sections': () => ok([]),
  'cms.news': () => ok([]),
  'sponsors.active': () => ok([]),
  'events.upcoming': () => ok([]),
  'cms.settings': () => ok({ siteTitle: CLUB.name, contactEmail: CLUB.contactEmail }),
  'catches.ladder': () => ok([]),
  'catches.ladderStatus': ({ year }) => ok({ year, pending: 0 }),
  'events.started': () => ok([]),
  'pictureOfMonth.winner': () => ok(null),
  // A club's site that has been set up.
  'setup.status': () => ok({ open: false }),
};

/** What a signed-in person's portal asks for beyond SIGNED_OUT, as someone who has not joined yet sees it. */
export const NOT_YET_JOINED: Answers = {
  'members.dashboard': () => ok(aDashboard()),
  'members.profile': () => ok(null),
  'events.myRegistrations': () => ok([]),
  'catches.mine': () => ok([]),
  // Fetched once the portal is drawn, for the event day's Events and Catches tabs.
  'pictureOfMonth.month': () =>
    ok(
      aPictureMonth({
        cannotVote: 'Only current club members can vote for the picture of the month. Join or renew your membership first.',
      }),
    ),
};

export const ok = <T,>(data: T): OkAnswer<T> => ({ body: { result: { data } } });

/** The club secretary, signed in as an administrator. */
export const SECRETARY = anAdmin();

/** What the sign-on desk reads besides its list: who is at it, and the members a walk-up is chosen from. */
export const DESK_READS: Answers = {
  'auth.me': () => ok(SECRETARY),
  'members.list': () => ok([]),
  'admin.signOn.members': () => ok([]),
};

/** What Admin → Club settings reads besides the page's own settings: the fishing area. */
export const CLUB_SETTINGS_READS: Answers = {
  'admin.fishingArea.get': () => ok(aFishingArea()),
};

/** An error as our server sends it; `data` adds to its error data (e.g. `{ fieldErrors: { email: '…' } }`). */
export function trpcError(status: number, code: string, message: string, data: Record<string, unknown> = {}): ErrorAnswer {
  const jsonCodes: Record<string, number> = {
    BAD_REQUEST: -32600,
    UNAUTHORIZED: -32001,
    PAYMENT_REQUIRED: -32002,
    FORBIDDEN: -32003,
    NOT_FOUND: -32004,
    CONFLICT: -32009,
    TOO_MANY_REQUESTS: -32029,
    BAD_GATEWAY: -32603,
    SERVICE_UNAVAILABLE: -32603,
  };
  return { status, body: { error: { message, code: jsonCodes[code] ?? -32603, data: { code, httpStatus: status, ...data } } } };
}

function providers(server: FakeServer, children: ReactNode) {
  const queryClient = createQueryClient();
  const trpcClient = createTrpcClient({ url: 'http://localhost/trpc', fetch: server.fetch });
  return (
    <AppProviders queryClient={queryClient} trpcClient={trpcClient} env="test">
      {children}
    </AppProviders>
  );
}

/** Renders any element inside the real providers. */
export function renderWithProviders(ui: ReactNode, server: FakeServer) {
  return render(providers(server, ui));
}

/** Renders the whole app (router included) at `path`. */
export function renderApp(path: string, server: FakeServer) {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }) });
  return { router, ...render(providers(server, <RouterProvider router={router} />)) };
}
