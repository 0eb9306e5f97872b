// Calls the site's typed procedures from a script, as the README shows:
//   SITE_URL=http://localhost:3000 EMAIL=you@example.com PASSWORD='your password' npx tsx scripts/api-example.ts
// It signs in with a password (set one under Settings first), then asks who it is.
import { createTRPCClient, httpLink } from '@trpc/client';
import type { AppRouter } from '../src/routers';

const site = process.env.SITE_URL ?? 'http://localhost:3000';
const cookies = new Map<string, string>();

// Node's fetch keeps no cookies; this one keeps the session cookie between calls.
const fetchWithCookies: typeof fetch = async (input, init) => {
  const headers = new Headers(init?.headers);
  if (cookies.size) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
  const response = await fetch(input, { ...init, headers });
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = pair.indexOf('=');
    cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  return response;
};

const api = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${site}/trpc`, fetch: fetchWithCookies })] });

const email = process.env.EMAIL;
const password = process.env.PASSWORD;
if (!email || !password) {
  console.error('Set EMAIL and PASSWORD (and SITE_URL when the site is not on http://localhost:3000).');
  process.exit(2);
}

const login = await api.auth.login.mutate({ email, password });
console.log(login.message);
const me = await api.auth.me.query();
console.log(me ? `Signed in as ${me.firstName} ${me.lastName} <${me.email}> (${me.role})` : 'Not signed in.');
if (me?.role === 'admin') console.log('Overview:', await api.admin.overview.query());
