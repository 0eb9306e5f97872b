import { initTRPC, TRPCError } from '@trpc/server';
import type { EntityName } from '../db/entity-name';
import { AppError } from '../../shared/errors';
import { databaseErrorOr } from '../db/unavailable';
import type { Context } from './context';
import { fieldErrors, publicMessage, retryAfterOf, toTRPCError } from './errors';

/** Who may call a procedure: what its builder checks (`accessOf`); the authorisation tests walk every procedure by this. */
export type Access = 'public' | 'member' | 'admin';
/** What a procedure may say of itself. Never who may call it: that is its builder's alone. */
export interface Meta {
  /**
   * A read whose answer may be kept in memory (read-cache.ts) until a write to one of the entities it `reads`
   * commits: the same answer to everyone (only on public queries), or with `perCaller` one per signed-in
   * session, for an answer that depends on who asks and on nothing else but those entities and the club day.
   */
  cache?: { reads: readonly EntityName[]; perCaller?: true };
}

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    errorFormatter({ shape, error }) {
      return {
        ...shape,
        message: publicMessage(error),
        data: {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          path: shape.data.path,
          fieldErrors: fieldErrors(error),
          retryAfterSeconds: retryAfterOf(error),
        },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

// Services throw AppError; here it becomes the matching tRPC error (and so HTTP status).
const mapAppErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (result.ok) return result;
  const cause = databaseErrorOr(result.error.cause);
  if (cause instanceof AppError) throw toTRPCError(cause);
  return result;
});

const requireMember = t.middleware(({ ctx, next }) => {
  if (!ctx.actor.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in first.' });
  return next({ ctx: { ...ctx, user: ctx.actor.user } });
});

const requireAdmin = t.middleware(({ ctx, next }) => {
  if (ctx.actor.user?.role !== 'admin') throw new TRPCError({ code: 'FORBIDDEN', message: 'Only club administrators can do that.' });
  return next();
});

export const publicProcedure = t.procedure.use(mapAppErrors);
export const memberProcedure = publicProcedure.use(requireMember);
export const adminProcedure = memberProcedure.use(requireAdmin);

const MEMBER_CHECK = requireMember._middlewares[0];
const ADMIN_CHECK = requireAdmin._middlewares[0];

/**
 * Who may call a procedure, read from the checks its builder runs (admin, then member, else public), so that nothing
 * a procedure declares can make it more open than its builder: access is a property of the builder, never restated.
 */
export function accessOf(procedure: { _def: { middlewares?: readonly unknown[] } }): Access {
  const checks = procedure._def.middlewares ?? [];
  if (checks.includes(ADMIN_CHECK)) return 'admin';
  if (checks.includes(MEMBER_CHECK)) return 'member';
  return 'public';
}
