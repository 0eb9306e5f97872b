import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { CATCH_PHOTO_FIELD, CATCH_SUBMISSION_PATH } from '../../shared/catches';
import { catchSubmissionInput } from '../../shared/catches.schema';
import { AppError } from '../../shared/errors';
import { requireUser } from '../platform/actor';
import { CATCH_PHOTO_MAX_BYTES, tooLargeMessage } from '../../shared/uploads';
import type { ContextDeps } from '../trpc/context';
import { callProcedure, callService } from './call';

/** REST shims of the documented paths (docs/api.md) for catches and fishing sessions. */
export function registerCatchRoutes(app: FastifyInstance, deps: ContextDeps): void {
  app.get('/api/members/catches', (req, reply) => callProcedure(deps, req, reply, (api) => api.catches.mine()));
  app.post('/api/fishing-sessions', (req, reply) => callProcedure(deps, req, reply, (api) => api.catches.logSession(req.body as never)));

  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: CATCH_PHOTO_MAX_BYTES, files: 1, fields: 20, fieldSize: 1000, parts: 21 } });
    scope.post(CATCH_SUBMISSION_PATH, (req, reply) =>
      callService(deps, req, reply, async (ctx) => {
        // Who is asking comes first: a signed-out caller gets 401 before any of its upload is read (a guest signed in
        // by their link may send their own catches for their one event).
        if (!ctx.actor.guest) requireUser(ctx.actor);
        if (!req.isMultipart()) throw new AppError('BAD_REQUEST', 'A catch is sent as multipart/form-data with a photo.');
        const fields: Record<string, string> = {};
        let photo: Buffer | undefined;
        try {
          for await (const part of req.parts()) {
            if (part.type === 'file') {
              if (part.fieldname !== CATCH_PHOTO_FIELD)
                throw new AppError('BAD_REQUEST', `Only one photo field, named "${CATCH_PHOTO_FIELD}", is accepted.`);
              photo = await part.toBuffer();
            } else {
              fields[part.fieldname] = String(part.value);
            }
          }
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
            throw new AppError('BAD_REQUEST', tooLargeMessage('photo', CATCH_PHOTO_MAX_BYTES));
          if (error instanceof AppError) throw error;
          throw new AppError('BAD_REQUEST', 'The upload could not be read. Please try again.');
        }
        const input = catchSubmissionInput.parse(fields);
        return ctx.services.catches.submit(ctx.em, ctx.actor, input, photo);
      }),
    );
  });
}
