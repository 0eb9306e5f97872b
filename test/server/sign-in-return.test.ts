import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterSignIn, safeReturnPath } from '../../src/shared/return-path';
import { createAdmin } from '../support/factories';
import { startTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await createAdmin(t, { email: 'sec@club.test', signedIn: false });
});
afterAll(() => t?.close());

/** The sign-in link of a mail, its whole query included. */
const signInLink = (text: string) => new URL(/https?:\/\/\S+?\/sign-in\?token=\S+/.exec(text)![0]);

describe('a sign-in link lands where the person asked for it', () => {
  it('carries the admin tab the person was on when they asked for the link', async () => {
    const mail = await t.mailAfter('sec@club.test', () =>
      t.client().trpc.auth.login.mutate({ email: 'sec@club.test', next: '/admin?tab=sponsors' }),
    );
    const link = signInLink(mail.text);
    expect(link.pathname).toBe('/sign-in');
    expect(link.searchParams.get('next')).toBe('/admin?tab=sponsors');
    // The token still signs in as before.
    const token = link.searchParams.get('token')!;
    const client = t.client();
    await client.trpc.auth.verifyToken.mutate({ token, purpose: 'sign_in' });
    expect((await client.trpc.auth.me.query())?.email).toBe('sec@club.test');
  });

  it.each([['https://evil.example/admin'], ['//evil.example/admin'], ['/\\evil.example'], ['/api/logout'], ['/sign-in?token=x'], [42]])(
    'drops a return address off the site or not a page (%j), and still sends the link',
    async (next) => {
      t.clock.advance(15 * 60_000); // past the per-address limit on sign-in links
      const mail = await t.mailAfter('sec@club.test', () => t.client().trpc.auth.login.mutate({ email: 'sec@club.test', next }));
      expect(signInLink(mail.text).searchParams.has('next')).toBe(false);
    },
  );
});

describe('safeReturnPath', () => {
  it('keeps pages of this site with their query and drops everything else', () => {
    expect(safeReturnPath('/admin?tab=sponsors')).toBe('/admin?tab=sponsors');
    expect(safeReturnPath('/admin/cms?tab=news')).toBe('/admin/cms?tab=news');
    expect(safeReturnPath('/member?tab=events')).toBe('/member?tab=events');
    expect(safeReturnPath('/pages/about')).toBe('/pages/about');
    for (const bad of [
      'admin',
      'https://evil.example',
      '//evil.example',
      '/\\evil',
      '/admin\n',
      '/api/admin/members',
      '/sign-out',
      '',
      null,
    ])
      expect(safeReturnPath(bad), String(bad)).toBeUndefined();
  });
});

describe('afterSignIn', () => {
  it('comes back to the portal or an administration address that asked for signing in, search included', () => {
    for (const back of ['/admin?tab=payments', '/admin/cms?tab=news', '/member?tab=events', '/member', '/Admin/?tab=payments'])
      expect(afterSignIn(back), back).toBe(back);
  });

  it('goes to the portal from anywhere else, and never off the site', () => {
    for (const from of [
      '/',
      '/public',
      '/sponsor',
      '/events/abc',
      '/sign-in?token=x',
      '//evil.example/admin',
      'https://evil.example/admin',
      '',
    ])
      expect(afterSignIn(from), from).toBe('/member');
  });
});
