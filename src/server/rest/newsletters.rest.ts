import type { FastifyInstance } from 'fastify';
import { ONE_CLICK_UNSUBSCRIBE_PATH, UNSUBSCRIBE_PAGE_PATH } from '../../shared/newsletters.schema';
import type { ContextDeps } from '../trpc/context';
import { callService } from './call';

type WithToken = { Querystring: { token?: string } };

/**
 * The one-click unsubscribe of RFC 8058: a mail app POSTs `List-Unsubscribe=One-Click` (as a form) to the address in
 * the List-Unsubscribe header, without any session; the token in the address says who. A GET of the same address
 * (a person, or a scanner following links) never unsubscribes: it goes to the page that asks first.
 */
export function registerNewsletterRoutes(app: FastifyInstance, deps: ContextDeps): void {
  app.register(async (scope) => {
    // The body says only 'List-Unsubscribe=One-Click'; it is read and ignored.
    scope.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: 4_096 },
      (_req, body, done) => done(null, body),
    );
    scope.post<WithToken>(ONE_CLICK_UNSUBSCRIBE_PATH, (req, reply) =>
      callService(deps, req, reply, (ctx) => ctx.services.newsletters.unsubscribe(ctx.em, String(req.query.token ?? ''), 'one-click')),
    );
    scope.get<WithToken>(ONE_CLICK_UNSUBSCRIBE_PATH, (req, reply) =>
      reply.redirect(`${UNSUBSCRIBE_PAGE_PATH}?token=${encodeURIComponent(String(req.query.token ?? ''))}`, 303),
    );
  });
}
