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
 * (502, 504), a server that could not reach its database (503), or a request that arrived too slowly to be read
 * (408, turned away before anything ran). Repeating an idempotent call is then safe.
 */
export function isLostAnswer(error: unknown): boolean {
  if (isNetworkError(error)) return true;
  const status = httpStatusOf(error);
  return status === 408 || status === 502 || status === 503 || status === 504;
}

/** tRPC's error names and codes for the statuses of the server's refusals made before any procedure runs. */
const REFUSALS: Record<number, [string, number]> = {
  400: ['BAD_REQUEST', -32600],
  401: ['UNAUTHORIZED', -32001],
  403: ['FORBIDDEN', -32003],
  404: ['NOT_FOUND', -32004],
  408: ['TIMEOUT', -32008],
  413: ['PAYLOAD_TOO_LARGE', -32013],
  415: ['UNSUPPORTED_MEDIA_TYPE', -32015],
  429: ['TOO_MANY_REQUESTS', -32029],
};

/**
 * The server refuses some requests before any procedure runs (one from another site, too many, too large) with a
 * 4xx and a JSON `{ message }`. Given to the tRPC client in its own error shape, every screen shows that sentence
 * as it shows a procedure's refusal, instead of calling it a network error. Any other answer passes unchanged.
 */
export async function withRefusalsAsErrors(response: Response): Promise<Response> {
  const refusal = REFUSALS[response.status];
  if (!refusal || !response.headers.get('content-type')?.startsWith('application/json')) return response;
  const text = await response.text();
  let message: unknown;
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object' && !Array.isArray(body) && !('error' in body)) message = (body as { message?: unknown }).message;
  } catch {
    // Not JSON after all: passed on as it came.
  }
  const [code, number] = refusal;
  const retryAfterSeconds = Number(response.headers.get('retry-after')) || undefined;
  const json =
    typeof message === 'string' && message.trim()
      ? JSON.stringify({ error: { message, code: number, data: { code, httpStatus: response.status, retryAfterSeconds } } })
      : text;
  return new Response(json, { status: response.status, statusText: response.statusText, headers: { 'content-type': 'application/json' } });
}
