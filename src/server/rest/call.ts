import { TRPCError } from '@trpc/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createCaller } from '../../routers';
import { AppError } from '../../shared/errors';
import { ZodError } from 'zod';
import { databaseErrorOr } from '../db/unavailable';
import { etagMatches, etagOf } from '../platform/content-cache';
import { createRequestContext, type Context, type ContextDeps } from '../trpc/context';
import { httpStatusOf, publicMessage, retryAfterOf, toTRPCError } from '../trpc/errors';

type Caller = ReturnType<typeof createCaller>;

/**
 * Runs one tRPC procedure for a REST shim through the server-side caller, so the shim shares every
 * rule with the typed API; tRPC errors become the documented `{ message }` with the matching status.
 */
export async function callProcedure<T>(
  deps: ContextDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  run: (caller: Caller) => Promise<T>,
): Promise<T | undefined> {
  return callService(deps, req, reply, (ctx) => run(createCaller(ctx)));
}

/**
 * For the few documented routes that tRPC cannot carry (multipart uploads): runs a service call with the
 * request's context and answers its errors exactly as `callProcedure` does.
 */
export async function callService<T>(
  deps: ContextDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  run: (ctx: Context) => Promise<T>,
): Promise<T | undefined> {
  try {
    return await run(await createRequestContext(deps, req));
  } catch (thrown) {
    const caught = databaseErrorOr(thrown);
    const error =
      caught instanceof AppError
        ? toTRPCError(caught)
        : caught instanceof ZodError
          ? new TRPCError({ code: 'BAD_REQUEST', cause: caught })
          : caught;
    if (!(error instanceof TRPCError)) throw error;
    const status = httpStatusOf(error);
    if (status >= 500) req.log.error({ err: error.cause ?? error }, 'Procedure failed');
    const retryAfter = retryAfterOf(error);
    if (retryAfter) reply.header('retry-after', String(retryAfter));
    await reply.code(status).send({ message: publicMessage(error) });
    return undefined;
  }
}

/**
 * A public read with an ETag (revalidated on every use): a browser that already holds this version gets
 * 304 and no body. The value itself comes from the content cache, so this stays cheap. Register its route
 * with PUBLIC_READ_ROUTE so that repeats are answered from memory.
 */
export async function callPublicRead<T>(deps: ContextDeps, req: FastifyRequest, reply: FastifyReply, run: (caller: Caller) => Promise<T>) {
  const value = await callProcedure(deps, req, reply, run);
  if (value === undefined || reply.sent) return reply;
  const etag = etagOf(value);
  reply.header('etag', etag).header('cache-control', 'no-cache');
  if (etagMatches(req.headers['if-none-match'], etag)) return reply.code(304).send();
  return value;
}
