import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Member, Payment } from '../../src/server/db/entities';
import { isLoopbackHost, loadEnv } from '../../src/server/env';
import { createPaymentProvider, paymentsOffWarning } from '../../src/server/integrations/payments';
import { clubToday } from '../../src/shared/dates';
import { joinForm } from '../support/join-form';
import { startTestApp, type TestApp } from '../support/test-app';

const NOT_SET_UP = 'Online payment is not set up yet — pay the treasurer.';
const kind = (source: Record<string, string>) => createPaymentProvider(loadEnv(source))?.kind ?? null;

describe('demo payments only where nobody else can reach them', () => {
  it('needs both the listening address and the public address to be loopback, unless asked for by name', () => {
    expect(kind({ HOST: '127.0.0.1', PUBLIC_URL: 'http://localhost:3000' })).toBe('demo');
    expect(kind({ HOST: 'localhost', PUBLIC_URL: 'http://127.0.0.1:3000' })).toBe('demo');
    expect(kind({ HOST: '::1', PUBLIC_URL: 'http://[::1]:3000' })).toBe('demo');
    // `npm start` with HOST=0.0.0.0 and nothing else: on the network, so no demo payments.
    expect(kind({ HOST: '0.0.0.0' })).toBeNull();
    expect(kind({ HOST: '::', PUBLIC_URL: 'http://localhost:3000' })).toBeNull();
    expect(kind({ HOST: '192.168.1.20', PUBLIC_URL: 'http://localhost:3000' })).toBeNull();
    expect(kind({ HOST: '127.0.0.1', PUBLIC_URL: 'https://club.example' })).toBeNull();
    expect(kind({ HOST: '0.0.0.0', PAYMENTS_PROVIDER: 'demo' })).toBe('demo');
    expect(kind({ HOST: '0.0.0.0', PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' })).toBe('paypal');
    expect(['127.0.0.1', '127.8.9.10', '::1', '[::1]', 'LOCALHOST'].every(isLoopbackHost)).toBe(true);
    expect(['0.0.0.0', '::', '10.0.0.1', '128.0.0.1', 'localhost.evil.example', ''].some(isLoopbackHost)).toBe(false);
  });

  it('warns the operator in one line when payments are off for that reason, and only then', () => {
    const warning = paymentsOffWarning(loadEnv({ HOST: '0.0.0.0' }));
    expect(warning).toMatch(/^Online payments are off .*HOST is 0\.0\.0\.0, PUBLIC_URL http:\/\/localhost:3000.*PAYMENTS_PROVIDER=demo/);
    expect(warning).not.toContain('\n');
    expect(paymentsOffWarning(loadEnv({}))).toBeNull();
    expect(paymentsOffWarning(loadEnv({ HOST: '0.0.0.0', PAYMENTS_PROVIDER: 'demo' }))).toBeNull();
    expect(paymentsOffWarning(loadEnv({ HOST: '0.0.0.0', PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' }))).toBeNull();
  });
});

describe('a site listening on the network at a loopback address, without PayPal', () => {
  let t: TestApp;
  beforeAll(async () => {
    // PAYMENTS_PROVIDER left unset (the test app otherwise asks for demo payments).
    t = await startTestApp({ env: { HOST: '0.0.0.0', PUBLIC_URL: 'http://localhost:3000', PAYMENTS_PROVIDER: '' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('says to pay the treasurer, takes no order and activates nobody', async () => {
    const browser = t.client();
    const setup = await browser.json('GET', '/paypal/setup');
    expect(setup.status).toBe(503);
    expect(setup.body.message).toBe(NOT_SET_UP);

    const joined = await browser.mutation('members.register', joinForm(clubToday(t.clock.now()), { membershipType: 'family' }));
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    const order = await browser.json('POST', '/paypal/order', { amount: joined.body.amount, currency: 'AUD', intent: 'CAPTURE' });
    expect(order.status).toBe(503);
    expect(order.body.message).toBe(NOT_SET_UP);
    const capture = await browser.json('POST', '/paypal/order/DEMO-123/capture', {});
    expect(capture.status).toBe(503);

    const em = t.em();
    const member = await em.findOneOrFail(Member, joined.body.memberId!);
    expect(member.status).not.toBe('active');
    expect(member.expiryDate ?? null).toBeNull();
    expect(await em.count(Payment, { status: 'completed' })).toBe(0);
  });
});
