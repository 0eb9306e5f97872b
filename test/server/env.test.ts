import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../src/server/env';
import { createPaymentProvider } from '../../src/server/integrations/payments';

describe('configuration', () => {
  it('has working defaults for a fresh machine', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://localhost:3000',
      DATA_DIR: './data',
      LOG_LEVEL: 'info',
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.ADMIN_EMAILS).toEqual([]);
  });

  it('normalises lists and the public address', () => {
    const env = loadEnv({
      ADMIN_EMAILS: ' A@Club.org ,b@club.org,',
      PUBLIC_URL: 'https://club.example/',
      TRUST_PROXY: '10.0.0.1, 10.0.0.2',
    });
    expect(env.ADMIN_EMAILS).toEqual(['a@club.org', 'b@club.org']);
    expect(env.PUBLIC_URL).toBe('https://club.example');
    expect(env.TRUST_PROXY).toEqual(['10.0.0.1', '10.0.0.2']);
  });

  it('explains every bad value at once', () => {
    expect(() => loadEnv({ PORT: 'eighty', PUBLIC_URL: 'not a url', LOG_LEVEL: 'loud' })).toThrow(
      /Invalid configuration:\n {2}- PORT: .*\n {2}- PUBLIC_URL: .*\n {2}- LOG_LEVEL: /,
    );
  });

  it("refuses production without the site's address or mail delivery, and says what to set", () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) };
    expect(() => loadEnv({ ...production, SMTP_URL: 'smtp://mail.example:25' })).toThrow(/PUBLIC_URL is required in production/);
    expect(() => loadEnv({ ...production, PUBLIC_URL: 'https://club.example' })).toThrow(
      /SMTP_URL is required in production.*MAIL_OUTBOX_IN_PRODUCTION=1/,
    );
    expect(loadEnv({ ...production, PUBLIC_URL: 'https://club.example', MAIL_OUTBOX_IN_PRODUCTION: '1' }).PUBLIC_URL).toBe(
      'https://club.example',
    );
    expect(loadEnv({ ...production, PUBLIC_URL: 'https://club.example', SMTP_URL: 'smtp://mail.example:25' }).HOST).toBe('127.0.0.1');
  });

  it('refuses to start in production without SESSION_SECRET', async () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow('SESSION_SECRET is required in production');
    const result = await promisify(execFile)('node_modules/.bin/tsx', ['src/server/main.ts'], {
      env: { ...process.env, NODE_ENV: 'production', SESSION_SECRET: '', PORT: '0' },
    }).catch((e) => e);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('SESSION_SECRET is required in production (at least 32 random characters).');
  });

  it('gives demo payments (free memberships) only where nobody else can reach the site, or when asked for', () => {
    const kind = (source: Record<string, string>) => createPaymentProvider(loadEnv(source))?.kind ?? null;
    // npm start on a laptop: demo payments, out of the box.
    expect(kind({})).toBe('demo');
    expect(kind({ PUBLIC_URL: 'http://127.0.0.1:3000' })).toBe('demo');
    // A public address without PayPal: no payments at all, whatever NODE_ENV says.
    expect(kind({ PUBLIC_URL: 'https://club.example' })).toBeNull();
    expect(kind({ PUBLIC_URL: 'https://club.example', NODE_ENV: 'development' })).toBeNull();
    expect(kind({ PUBLIC_URL: 'http://localhost.evil.example' })).toBeNull();
    // Asked for by name (a staging site), but never in production.
    expect(kind({ PUBLIC_URL: 'https://staging.club.example', PAYMENTS_PROVIDER: 'demo' })).toBe('demo');
    expect(() => loadEnv({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), PAYMENTS_PROVIDER: 'demo' })).toThrow(
      'PAYMENTS_PROVIDER=demo is refused in production',
    );
    expect(() => loadEnv({ PAYMENTS_PROVIDER: 'paypal' })).toThrow(
      'PAYMENTS_PROVIDER=paypal needs PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET.',
    );
    expect(() => loadEnv({ PAYMENTS_PROVIDER: 'stripe' })).toThrow("PAYMENTS_PROVIDER must be 'paypal' or 'demo'.");
    // PayPal when configured, even on a laptop.
    expect(kind({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' })).toBe('paypal');
  });
});
