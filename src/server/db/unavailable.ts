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

export const BAD_DATA =
  'A value in the request cannot be stored (a date that does not exist, or a number out of range). Please check it and try again.';

/**
 * Whether PostgreSQL refused a value rather than the query: its "data exception" class (22…), e.g. 2026-02-30
 * as a date or 1e308 as an integer. Input validation should catch these first; this keeps a miss a 400.
 */
export function isBadData(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 6; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
  }
  return false;
}

/**
 * The errors of the database a person can act on: an outage becomes a 503, a value it cannot take a 400;
 * any other error is returned unchanged.
 */
export function databaseErrorOr(error: unknown): unknown {
  if (isDatabaseUnavailable(error)) return new AppError('SERVICE_UNAVAILABLE', DATABASE_UNAVAILABLE, { retryAfterSeconds: 30 });
  if (isBadData(error)) return new AppError('BAD_REQUEST', BAD_DATA);
  return error;
}
