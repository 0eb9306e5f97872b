import { TRPCClientError } from '@trpc/client';

/**
 * True when the request never got a proper answer from our server (offline, DNS, a proxy page
 * instead of JSON): tRPC then has no error `data`.
 */
export function isNetworkError(error: unknown): boolean {
  if (error instanceof TRPCClientError) return !error.data;
  return error instanceof TypeError;
}

/** The sentence the server sent, if it sent one. */
export function serverMessage(error: unknown): string | undefined {
  if (error instanceof TRPCClientError && error.data && typeof error.message === 'string' && error.message.trim()) {
    return error.message;
  }
  return undefined;
}

export function errorCode(error: unknown): string | undefined {
  return error instanceof TRPCClientError ? (error.data as { code?: string } | undefined)?.code : undefined;
}

/** Seconds the server asks us to wait (TOO_MANY_REQUESTS), if it said. */
export function retryAfterSeconds(error: unknown): number | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const value = (error.data as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  return typeof value === 'number' && value > 0 ? value : undefined;
}
