import secureSession from '@fastify/secure-session';
import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { AUTH_LIMITS } from '../../shared/auth.constants';

/** The session cookie (user id and session version): HttpOnly, SameSite=Lax, and Secure with the __Host- prefix in production. */
export async function registerSession(app: FastifyInstance, sessionSecret: string, production: boolean): Promise<void> {
  await app.register(secureSession, {
    key: createHash('sha256').update(sessionSecret).digest(),
    cookieName: production ? '__Host-session' : 'session',
    expiry: AUTH_LIMITS.sessionDays * 86400,
    cookie: { path: '/', httpOnly: true, sameSite: 'lax', secure: production, maxAge: AUTH_LIMITS.sessionDays * 86400 },
  });
}
