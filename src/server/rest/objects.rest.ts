import type { FastifyInstance } from 'fastify';
import type { LocalStore, ObjectStore } from '../integrations/storage';
import { IMAGE_MAX_BYTES, tooLargeMessage } from '../../shared/uploads';
import type { ContextDeps } from '../trpc/context';
import { callProcedure } from './call';

/** Where the browser PUTs a file when objects are kept on local disk (S3 takes them directly). */
export const LOCAL_UPLOAD_PREFIX = '/api/objects/upload/';

/** Upload slots, the local upload target, attaching an event image, and serving processed images. */
export function registerObjectRoutes(app: FastifyInstance, deps: ContextDeps, objects: ObjectStore): void {
  app.post('/api/objects/upload', (req, reply) => callProcedure(deps, req, reply, (api) => api.objects.createUpload()));

  app.put<{ Params: { id: string }; Body: { imageUrl: string } }>('/api/events/:id/image', (req, reply) =>
    callProcedure(deps, req, reply, (api) =>
      api.admin.events.setImage({ id: req.params.id, imageUrl: (req.body as { imageUrl?: string } | undefined)?.imageUrl as string }),
    ),
  );

  app.get<{ Params: { file: string } }>('/api/objects/images/:file', async (req, reply) => {
    const object = /^[0-9a-f-]{36}(-thumb)?\.webp$/.test(req.params.file)
      ? await deps.services.uploads.open(deps.em.fork(), `images/${req.params.file}`)
      : null;
    if (!object) return reply.code(404).send({ message: 'Not found.' });
    // Keys are never reused, so a served image never changes.
    return (
      reply
        .type(object.contentType)
        .header('content-length', object.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        // Uploaded pictures also appear in e-mailed newsletters, which webmail shows from its own address.
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(object.body)
    );
  });

  if (objects.kind !== 'local') return;
  const local = objects as LocalStore;
  app.register(async (scope) => {
    // Too large is said before the body is read (the declared length), not by cutting the connection half-way.
    scope.addHook('onRequest', async (req, reply) => {
      if (Number(req.headers['content-length'] ?? 0) > IMAGE_MAX_BYTES)
        return reply.code(413).send({ message: tooLargeMessage('image', IMAGE_MAX_BYTES) });
    });
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: IMAGE_MAX_BYTES }, (_req, body, done) => done(null, body));
    scope.put<{ Params: { id: string }; Querystring: { expires?: string; signature?: string } }>(
      `${LOCAL_UPLOAD_PREFIX}incoming/:id`,
      async (req, reply) => {
        const key = `incoming/${req.params.id}`;
        if (!local.verifyUpload(key, req.query.expires ?? '', req.query.signature ?? '')) {
          return reply.code(403).send({ message: 'This upload link is not valid or has expired. Please try again.' });
        }
        if (!(await deps.services.uploads.slotOpen(deps.em.fork(), key))) {
          return reply.code(410).send({ message: 'This upload link has already been used or has expired. Please choose the image again.' });
        }
        const body = req.body as Buffer | undefined;
        if (!body?.length) return reply.code(400).send({ message: 'The upload was empty.' });
        await local.put(key, body, 'application/octet-stream');
        return reply.code(200).send({ message: 'Uploaded.' });
      },
    );
  });
}
