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

/** The HTTP status our server answered with (tRPC carries it in the error data), if it answered. */
export function httpStatusOf(error: unknown): number | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const status = (error.data as { httpStatus?: unknown } | undefined)?.httpStatus;
  return typeof status === 'number' ? status : undefined;
}

/** Field name → the server's sentence for it (a refused form marks the field). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof TRPCClientError)) return {};
  const fields = (error.data as { fieldErrors?: unknown } | undefined)?.fieldErrors;
  return fields && typeof fields === 'object' ? (fields as Record<string, string>) : {};
}

/**
 * True when the answer was lost rather than given: no answer at all, a gateway that could not reach us
 * (502, 504) or a server that could not reach its database (503). Repeating an idempotent call is then safe.
 */
export function isLostAnswer(error: unknown): boolean {
  if (isNetworkError(error)) return true;
  const status = httpStatusOf(error);
  return status === 502 || status === 503 || status === 504;
}
