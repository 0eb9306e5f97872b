/** Transport-neutral error codes; the tRPC layer maps them to HTTP statuses. */
export const APP_ERROR_CODES = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'PAYMENT_REQUIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'TOO_MANY_REQUESTS',
  'BAD_GATEWAY',
  'SERVICE_UNAVAILABLE',
] as const;
export type AppErrorCode = (typeof APP_ERROR_CODES)[number];

/** The one error a service throws: a code and a sentence a person understands. */
export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    /** field: the field the message is about; fields: every field refused at once (field → sentence), for a form to mark them all. */
    readonly details?: { field?: string; fields?: Record<string, string>; retryAfterSeconds?: number },
  ) {
    super(message);
    this.name = 'AppError';
  }
}
