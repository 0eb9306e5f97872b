import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AppProviders } from '../../src/client/providers';
import { createAppRouter } from '../../src/client/router';
import { createQueryClient, createTrpcClient } from '../../src/client/trpc';

export interface RecordedCall {
  /** Procedure names of the (batched) request, e.g. ['auth.login']. */
  procedures: string[];
  method: string;
  /** The JSON input of each procedure, in order. */
  inputs: unknown[];
}

type Responder = (procedure: string, input: unknown) => { status?: number; body: unknown };

/**
 * A stand-in for the network: records every tRPC request and answers each procedure of a batch
 * through `respond` (result JSON, or an error shape with a status).
 */
export function fakeServer(respond: Responder) {
  const calls: RecordedCall[] = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const procedures = decodeURIComponent(url.pathname.replace(/^\/trpc\//, '')).split(',');
    const method = init?.method ?? 'GET';
    let raw: Record<string, unknown> = {};
    if (method === 'GET') raw = JSON.parse(url.searchParams.get('input') ?? '{}');
    else if (typeof init?.body === 'string') raw = JSON.parse(init.body);
    const inputs = procedures.map((_, i) => raw[String(i)]);
    calls.push({ procedures, method, inputs });
    const answers = procedures.map((p, i) => respond(p, inputs[i]));
    const status = answers.length === 1 ? (answers[0].status ?? 200) : 207;
    return new Response(JSON.stringify(answers.map((a) => a.body)), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { calls, fetch: fetchFn, mutations: () => calls.filter((c) => c.method === 'POST') };
}

export const ok = (data: unknown) => ({ body: { result: { data } } });

/** An error as our server sends it; `data` adds to its error data (e.g. `{ fieldErrors: { email: '…' } }`). */
export function trpcError(status: number, code: string, message: string, data: Record<string, unknown> = {}) {
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

function providers(server: ReturnType<typeof fakeServer>, children: ReactNode) {
  const queryClient = createQueryClient();
  const trpcClient = createTrpcClient({ url: 'http://localhost/trpc', fetch: server.fetch });
  return (
    <AppProviders queryClient={queryClient} trpcClient={trpcClient} env="test">
      {children}
    </AppProviders>
  );
}

/** Renders any element inside the real providers. */
export function renderWithProviders(ui: ReactNode, server: ReturnType<typeof fakeServer>) {
  return render(providers(server, ui));
}

/** Renders the whole app (router included) at `path`. */
export function renderApp(path: string, server: ReturnType<typeof fakeServer>) {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }) });
  return { router, ...render(providers(server, <RouterProvider router={router} />)) };
}
