import { ConnectionException } from '@mikro-orm/core';
import { AppError } from '../../shared/errors';

export const DATABASE_UNAVAILABLE = 'The club database is not reachable right now. Please try again in a minute.';

// Socket failures, and PostgreSQL's "connection exception" (08…) and "operator intervention" (57P0…) classes.
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);
const LOST = /Connection terminated|connection timeout|Client has encountered a connection error|not queryable/i;

/** Whether an error (or one of its causes) means the database is away, rather than that the request was wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 6; e = e.cause, depth++) {
    if (e instanceof ConnectionException) return true;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || code.startsWith('08') || code.startsWith('57P0'))) return true;
    if (LOST.test(e.message)) return true;
  }
  return false;
}

/** A database outage becomes the 503 a person can act on; any other error is returned unchanged. */
export function unavailableOr(error: unknown): unknown {
  return isDatabaseUnavailable(error) ? new AppError('SERVICE_UNAVAILABLE', DATABASE_UNAVAILABLE, { retryAfterSeconds: 30 }) : error;
}
