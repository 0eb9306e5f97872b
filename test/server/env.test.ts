import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../src/server/env';

describe('configuration', () => {
  it('has working defaults for a fresh machine', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ PORT: 3000, HOST: '0.0.0.0', PUBLIC_URL: 'http://localhost:3000', DATA_DIR: './data', LOG_LEVEL: 'info' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.ADMIN_EMAILS).toEqual([]);
  });

  it('normalises lists and the public address', () => {
    const env = loadEnv({ ADMIN_EMAILS: ' A@Club.org ,b@club.org,', PUBLIC_URL: 'https://club.example/', TRUST_PROXY: '10.0.0.1, 10.0.0.2' });
    expect(env.ADMIN_EMAILS).toEqual(['a@club.org', 'b@club.org']);
    expect(env.PUBLIC_URL).toBe('https://club.example');
    expect(env.TRUST_PROXY).toEqual(['10.0.0.1', '10.0.0.2']);
  });

  it('explains every bad value at once', () => {
    expect(() => loadEnv({ PORT: 'eighty', PUBLIC_URL: 'not a url', LOG_LEVEL: 'loud' })).toThrow(
      /Invalid configuration:\n {2}- PORT: .*\n {2}- PUBLIC_URL: .*\n {2}- LOG_LEVEL: /,
    );
  });

  it('refuses to start in production without SESSION_SECRET', async () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow('SESSION_SECRET is required in production');
    const result = await promisify(execFile)('node_modules/.bin/tsx', ['src/server/main.ts'], {
      env: { ...process.env, NODE_ENV: 'production', SESSION_SECRET: '', PORT: '0' },
    }).catch((e) => e);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('SESSION_SECRET is required in production (at least 32 random characters).');
  });
});
