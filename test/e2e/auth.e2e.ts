import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createUser } from '../support/factories';
import { linkIn } from '../support/mime';
import { startTestApp, type TestApp } from '../support/test-app';
import { DESKTOP, expectAccessible, followLink, launchBrowser, openPage, outboxMail, PHONE, phoneProblems, SMALL_PHONE } from './browser';

let t: TestApp;
let browser: Browser;
beforeAll(async () => {
  t = await startTestApp({ browser: true, env: { ADMIN_EMAILS: 'chair@example.com' } });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('a visitor signs up and signs in', () => {
  it('sign up → link from the outbox → verified and signed in → logout', async () => {
    const { page, problems, shot } = await openPage(browser, 'signup-verify-logout');
    await page.goto(t.baseUrl);
    await page.getByText('No upcoming events at the moment. Check back soon!').waitFor();
    await expectAccessible(page, 'landing');
    await page.getByRole('button', { name: 'Login', exact: true }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Welcome', { exact: true }).waitFor();
    await dialog.getByText('Access your club account').waitFor();
    await shot('login-modal');
    await expectAccessible(page, 'login dialog');

    await dialog.getByRole('tab', { name: 'Sign Up' }).click();
    await dialog.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText('Please fill in all required fields').waitFor();
    await expectAccessible(page, 'sign-up dialog with a toast');
    await dialog.getByLabel('Email').fill('mia.fisher@example.com');
    await dialog.getByLabel('First Name').fill('Mia');
    await dialog.getByLabel('Last Name').fill('Fisher');
    await dialog.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText('Check Your Email').waitFor();
    await page.getByRole('button', { name: /Resend in \d+s/ }).waitFor();
    await page.getByText(/Last sent at/).waitFor();
    await shot('check-your-email');
    await expectAccessible(page, 'check your email');

    const mail = await outboxMail(t.outboxDir, 'mia.fisher@example.com');
    const link = linkIn(mail);
    expect(link.pathname).toBe('/email-verified');
    // A mail scanner that opens and renders the link (a browser of its own, no click) spends nothing.
    const scanner = await openPage(browser, 'mail-scanner');
    await scanner.page.goto(link.toString());
    await scanner.page.getByRole('button', { name: 'Verify my email address' }).waitFor();
    await scanner.page.waitForLoadState('networkidle');
    await scanner.shot('link-page-unclicked');
    expect(await scanner.page.getByRole('button', { name: 'Login', exact: true }).count()).toBeGreaterThan(0);
    expect((await scanner.context.request.get(`${t.baseUrl}/api/auth/user`)).status()).toBe(401);
    expect(scanner.problems).toEqual([]);
    await scanner.context.close();

    // The person opens it and presses the button.
    await page.goto(link.toString());
    await page.getByRole('heading', { name: 'Verify your email' }).waitFor();
    await expectAccessible(page, 'verification link page');
    await page.getByRole('button', { name: 'Verify my email address' }).click();
    await page.getByText('Email Verified!').waitFor();
    await shot('email-verified');
    await expectAccessible(page, 'email verified');
    await page.getByRole('button', { name: 'Continue to Your Account' }).click();
    await page.getByRole('button', { name: 'Mia' }).waitFor();
    await shot('signed-in');
    await expectAccessible(page, 'member portal');

    // Another site sending the browser to /api/logout only gets the 'Sign out?' page; staying changes nothing.
    const elsewhere = await page.context().newPage();
    await elsewhere.setContent(`<a href="${t.baseUrl}/api/logout">Win a prize</a>`);
    await elsewhere.getByRole('link', { name: 'Win a prize' }).click();
    await elsewhere.getByRole('heading', { name: 'Sign out?' }).waitFor();
    expect(new URL(elsewhere.url()).pathname).toBe('/sign-out');
    await expectAccessible(elsewhere, 'sign out? page');
    await elsewhere.getByRole('button', { name: 'Stay signed in' }).click();
    await elsewhere.getByRole('button', { name: 'Mia' }).waitFor();
    await elsewhere.close();
    await page.reload();
    await page.getByRole('button', { name: 'Mia' }).waitFor();

    await page.getByRole('button', { name: 'Mia' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).waitFor();
    await expectAccessible(page, 'account menu');
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Login', exact: true }).first().waitFor();
    await shot('signed-out');
    expect(await page.getByRole('button', { name: 'Mia' }).count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('e-mail-only login: check your e-mail, then the sign-in link lands on the member portal', async () => {
    const api = t.client();
    await api.trpc.auth.signup.mutate({ email: 'noah@example.com', firstName: 'Noah', lastName: 'Reel' });
    const verify = linkIn(await outboxMail(t.outboxDir, 'noah@example.com'));
    await api.trpc.auth.verifyToken.mutate({ token: verify.searchParams.get('token')!, purpose: 'verify_email' });

    const { page, problems, shot } = await openPage(browser, 'email-only-login');
    await page.goto(t.baseUrl);
    await page.getByRole('button', { name: 'Login', exact: true }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByText('Please enter your email address').waitFor();
    await dialog.getByLabel('Email').fill('noah@example.com');
    await dialog.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByText('Check Your Email').waitFor();
    await shot('check-your-email');

    const link = linkIn(await outboxMail(t.outboxDir, 'noah@example.com', 2));
    expect(link.pathname).toBe('/sign-in');
    await page.goto(link.toString());
    await page.getByRole('heading', { name: 'Sign in to the club' }).waitFor();
    await shot('sign-in-link');
    await expectAccessible(page, 'sign-in link page');
    await page.getByRole('button', { name: 'Sign in to your account' }).click();
    await page.waitForURL('**/member');
    await page.getByRole('button', { name: 'Noah' }).waitFor();
    // Welcomed once on arrival, by name; a reload does not say it again.
    await page.getByRole('status').filter({ hasText: "Welcome back, Noah — you're signed in." }).waitFor();
    expect(await page.getByText(/you're signed in/).count()).toBe(1);
    await shot('member-portal');
    await page.reload();
    await page.getByRole('button', { name: 'Noah' }).waitFor();
    await page.getByRole('heading', { name: /Welcome, Noah/ }).waitFor();
    expect(await page.getByText(/you're signed in/).count()).toBe(0);
    expect(await page.evaluate(() => sessionStorage.getItem('club.toast-after-load'))).toBeNull();

    // From another site, /api/logout asks first; the person's own click on 'Sign out' signs out.
    await page.goto('about:blank');
    await page.setContent(`<a href="${t.baseUrl}/api/logout">Read more</a>`);
    await page.getByRole('link', { name: 'Read more' }).click();
    await page.getByRole('heading', { name: 'Sign out?' }).waitFor();
    await shot('sign-out-asks');
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.getByRole('button', { name: 'Login', exact: true }).first().waitFor();
    expect((await page.context().request.get(`${t.baseUrl}/api/auth/user`)).status()).toBe(401);
    expect(problems).toEqual([]);
  });

  it("opened at 127.0.0.1 while the club's address is localhost: says where the club is, and signing up works (360 px)", async () => {
    // The test site listens on 127.0.0.1; its PUBLIC_URL is http://localhost:<port>.
    const club = new URL(t.baseUrl);
    const elsewhere = `http://127.0.0.1:${club.port}`;
    const { page, problems, shot } = await openPage(browser, 'another-address', SMALL_PHONE);
    await page.goto(`${elsewhere}/public?from=poster`);
    const notice = page.getByRole('note', { name: "The club's address" });
    await notice
      .getByText(
        `You opened the club's site at 127.0.0.1:${club.port}. Its address is ${t.baseUrl} — links in the club's e-mails and payments return there.`,
      )
      .waitFor();
    // Signing in works here too (no "only there"), and the link opens this very page at the club's address.
    expect(await notice.getByText('Signing in works only there').count()).toBe(0);
    const there = notice.getByRole('link', { name: `Open this page at ${club.host}` });
    expect(await there.getAttribute('href')).toBe(`${t.baseUrl}/public?from=poster`);
    await shot('notice');
    await expectAccessible(page, 'page at another address');
    // Nothing in the way of a finger in the notice, and the assistant's button over none of the page's controls.
    expect(await phoneProblems(page, '[role="note"]')).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Login' }).click();
    const dialog = page.getByRole('dialog', { name: 'Login or sign up' });
    await dialog.getByRole('tab', { name: 'Sign Up' }).click();
    await dialog.getByLabel('Email').fill('alex.shore@example.com');
    await dialog.getByLabel('First Name').fill('Alex');
    await dialog.getByLabel('Last Name').fill('Shore');
    await dialog.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText('Check Your Email').waitFor();
    await shot('signed-up-there');
    expect(await page.getByText(/Network error/).count()).toBe(0);
    // The e-mailed link goes to the club's address.
    expect(linkIn(await outboxMail(t.outboxDir, 'alex.shore@example.com')).origin).toBe(t.baseUrl);

    // At the club's own address there is nothing to say.
    await page.goto(`${t.baseUrl}/public`);
    await page.getByRole('heading', { name: 'Membership' }).waitFor();
    expect(await page.getByRole('note', { name: "The club's address" }).count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('shows the 404 page for unknown paths, and the sign-in card on admin pages when signed out', async () => {
    const { page, problems, shot } = await openPage(browser, 'not-found');
    await page.goto(`${t.baseUrl}/no-such-page`);
    await page.getByText('404 Page Not Found').waitFor();
    await page.getByText('Did you forget to add the page to the router?').waitFor();
    await expectAccessible(page, 'not found (/no-such-page)');
    await shot('not-found');
    // An admin following a link signs in there (a signed-in member still gets the 404 page).
    for (const url of ['/admin', '/admin/cms']) {
      await page.goto(`${t.baseUrl}${url}`);
      await page.getByRole('heading', { name: 'Administration' }).waitFor();
      expect(await page.getByText('404 Page Not Found').count()).toBe(0);
      await expectAccessible(page, `admin sign-in (${url})`);
    }
    expect(problems).toEqual([]);
  });

  it('an address in ADMIN_EMAILS gets the Admin link and the admin screens', async () => {
    const api = t.client();
    await api.trpc.auth.signup.mutate({ email: 'chair@example.com', firstName: 'Casey', lastName: 'Chair' });
    const link = linkIn(await outboxMail(t.outboxDir, 'chair@example.com'));
    const { page, problems, shot } = await openPage(browser, 'admin');
    await followLink(page, link);
    await page.getByRole('button', { name: 'Continue to Your Account' }).click();
    await page.getByRole('link', { name: 'Admin' }).click();
    await page.waitForURL('**/admin');
    await page.getByText('Content Management').first().waitFor();
    await shot('admin-dashboard');
    await expectAccessible(page, 'admin dashboard');
    await page.goto(`${t.baseUrl}/admin/cms`);
    await page.getByText('Content Management System').waitFor();
    await shot('admin-cms');
    await expectAccessible(page, 'content management');
    expect(problems).toEqual([]);
  });

  it('collapses the navigation into a menu on a phone', async () => {
    const { page, problems, shot } = await openPage(browser, 'phone-menu', PHONE);
    await page.goto(t.baseUrl);
    await page.getByText('No upcoming events at the moment. Check back soon!').waitFor();
    await expectAccessible(page, 'landing (phone)');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('link', { name: 'Home' }).waitFor();
    await drawer.getByRole('link', { name: 'Sponsors' }).waitFor();
    await drawer.getByRole('button', { name: 'Login' }).waitFor();
    await shot('menu-open');
    await expectAccessible(page, 'phone menu');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    expect(problems).toEqual([]);
  });
});

describe('signing in from the header on an admin page comes back to it', () => {
  const PAYMENTS = '/admin?tab=payments';
  const onPayments = (url: URL) => url.pathname === '/admin' && url.search === '?tab=payments';

  it('by the e-mailed link, on a 360 px phone: the Payments tab, with the welcome', async () => {
    await createAdmin(t, { email: 'treasurer@example.com', firstName: 'Terry', lastName: 'Till', signedIn: false });
    const { page, problems, shot } = await openPage(browser, 'admin-link-return', SMALL_PHONE);
    await page.goto(`${t.baseUrl}${PAYMENTS}`);
    await page.getByRole('heading', { name: 'Administration' }).waitFor();
    // The header's Login (in the phone's menu), not the card on the page.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Login' }).click();
    const dialog = page.getByRole('dialog', { name: 'Login or sign up' });
    await dialog.getByLabel('Email').fill('treasurer@example.com');
    await dialog.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByText('Check Your Email').waitFor();

    // The whole link, its `next` included (linkIn keeps only the token).
    const mail = await outboxMail(t.outboxDir, 'treasurer@example.com');
    const link = new URL(/https?:\/\/\S+\/sign-in\?token=\S+/.exec(mail.text)![0]);
    expect(link.searchParams.get('next')).toBe(PAYMENTS);
    await followLink(page, link);
    await page.waitForURL(onPayments);
    await page.getByRole('tab', { name: 'Payments', selected: true }).waitFor();
    await page.getByRole('status').filter({ hasText: "Welcome back, Terry — you're signed in." }).waitFor();
    await shot('payments-tab-welcomed');
    await expectAccessible(page, 'admin payments after a link sign-in (phone)');
    expect(problems).toEqual([]);
  });

  it('by password; a member who is not an admin gets the not-found page there as before', async () => {
    const password = 'tight-lines-2026';
    const admin = await createAdmin(t, { email: 'secretary@example.com', firstName: 'Sal' });
    await admin.client.trpc.auth.setPassword.mutate({ newPassword: password });
    const member = await createUser(t, { email: 'deckhand@example.com', firstName: 'Dee' });
    await member.client.trpc.auth.setPassword.mutate({ newPassword: password });

    for (const [email, lands] of [
      ['secretary@example.com', 'admin'],
      ['deckhand@example.com', 'not found'],
    ] as const) {
      const { page, problems, shot } = await openPage(browser, `admin-password-return-${lands.replace(' ', '-')}`, DESKTOP);
      await page.goto(`${t.baseUrl}${PAYMENTS}`);
      await page.getByRole('heading', { name: 'Administration' }).waitFor();
      await page.getByRole('banner').getByRole('button', { name: 'Login', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Login or sign up' });
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByLabel('Password').fill(password);
      await dialog.getByRole('button', { name: 'Login', exact: true }).click();
      await page.waitForURL(onPayments);
      if (lands === 'admin') await page.getByRole('tab', { name: 'Payments', selected: true }).waitFor();
      else await page.getByText('404 Page Not Found').waitFor();
      await shot(lands.replace(' ', '-'));
      expect(problems).toEqual([]);
      await page.context().close();
    }
  });
});
