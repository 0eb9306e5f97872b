import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { FastifyInstance } from 'fastify';
import { appRouter, type AppRouter } from '../../routers';
import { TRPC_MAX_BATCH } from '../../shared/api-limits';
import { AppError } from '../../shared/errors';
import { databaseErrorOr } from '../db/unavailable';
import { createRequestContext, type ContextDeps } from '../trpc/context';
import { toTRPCError } from '../trpc/errors';

/** The typed API at /trpc: one context (session, EntityManager fork, services) per request; failures of our own logged. */
export async function registerTrpc(app: FastifyInstance, contextDeps: ContextDeps): Promise<void> {
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      maxBatchSize: TRPC_MAX_BATCH,
      createContext: ({ req }) =>
        createRequestContext(contextDeps, req).catch((error: unknown) => {
          const cause = databaseErrorOr(error);
          throw cause instanceof AppError ? toTRPCError(cause) : error;
        }),
      onError({ error, path: procedure, req }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') req.log.error({ err: error.cause ?? error, procedure }, 'Procedure failed');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });
}
