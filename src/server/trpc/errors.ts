import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError } from 'zod';
import { AppError } from '../../shared/errors';

export function toTRPCError(error: AppError): TRPCError {
  return new TRPCError({ code: error.code, message: error.message, cause: error });
}

/** The sentence a person should read for an error; never an internal detail. */
export function publicMessage(error: TRPCError): string {
  if (error.cause instanceof ZodError) return zodMessage(error.cause);
  if (error.code === 'INTERNAL_SERVER_ERROR') return 'Something went wrong on our side. Please try again.';
  if (error.code === 'PARSE_ERROR') return 'The request body is not valid JSON.';
  if (error.code === 'UNSUPPORTED_MEDIA_TYPE') return 'Requests must be sent as JSON (Content-Type: application/json).';
  return error.message;
}

export function zodMessage(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request is not valid.';
  if (issue.path.length === 0 && issue.code === 'invalid_type') return 'The request body must be a JSON object.';
  return issue.message;
}

/** Field name → message, for forms that mark the field. */
export function fieldErrors(error: TRPCError): Record<string, string> | undefined {
  if (error.cause instanceof ZodError) {
    const out: Record<string, string> = {};
    for (const issue of error.cause.issues) out[issue.path.join('.') || '_'] ??= issue.message;
    return out;
  }
  if (error.cause instanceof AppError) {
    const { field, fields } = error.cause.details ?? {};
    if (fields || field) return { ...fields, ...(field ? { [field]: error.message } : {}) };
  }
  return undefined;
}

export function httpStatusOf(error: TRPCError): number {
  return getHTTPStatusCodeFromError(error);
}

export function retryAfterOf(error: TRPCError): number | undefined {
  return error.cause instanceof AppError ? error.cause.details?.retryAfterSeconds : undefined;
}
