import type { FastifyInstance } from 'fastify';
import { offsetDateTimeToClubLocal } from '../../shared/dates';
import type { ContextDeps } from '../trpc/context';
import { PUBLIC_READ_ROUTE } from '../http/read-cache';
import { callProcedure, callPublicRead } from './call';

type IdParams = { Params: { id: string } };

/**
 * The documented event body (docs/api.md) as a script sends it: `eventDate` (and `entriesCloseAt`) may be an ISO 8601 date-time with an
 * offset as well as the club's local 'YYYY-MM-DDTHH:mm' the form sends; an offset time becomes the club's local time
 * of that instant. Anything else goes on as it came, for the procedure's schema to accept or refuse with its field.
 */
function eventBody(body: unknown): never {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body as never;
  const fields = { ...(body as Record<string, unknown>) };
  for (const key of ['eventDate', 'entriesCloseAt'] as const) {
    const value = fields[key];
    const local = typeof value === 'string' ? offsetDateTimeToClubLocal(value) : undefined;
    if (local) fields[key] = local;
  }
  return fields as never;
}

/** REST shims of the documented paths (docs/api.md) for events; each calls the matching `events` or `admin.events` procedure. */
export function registerEventRoutes(app: FastifyInstance, deps: ContextDeps): void {
  app.get('/api/events/upcoming', PUBLIC_READ_ROUTE, (req, reply) => callPublicRead(deps, req, reply, (api) => api.events.upcoming()));
  app.get('/api/members/events', (req, reply) => callProcedure(deps, req, reply, (api) => api.events.myRegistrations()));
  app.post<IdParams>('/api/events/:id/register', (req, reply) =>
    callProcedure(deps, req, reply, (api) => api.events.register({ id: req.params.id })),
  );
  app.delete<IdParams>('/api/events/:id/register', (req, reply) =>
    callProcedure(deps, req, reply, (api) => api.events.cancel({ id: req.params.id })),
  );

  app.get<IdParams>('/api/events/:id/calendar.ics', async (req, reply) => {
    const file = await callProcedure(deps, req, reply, (api) => api.events.calendar({ id: req.params.id }));
    if (!file) return reply;
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'no-cache')
      .send(file.content);
  });

  app.get('/api/admin/events', (req, reply) => callProcedure(deps, req, reply, (api) => api.admin.events.list()));
  app.post('/api/admin/events', (req, reply) => callProcedure(deps, req, reply, (api) => api.admin.events.create(eventBody(req.body))));
  app.put<IdParams>('/api/admin/events/:id', (req, reply) =>
    callProcedure(deps, req, reply, (api) => api.admin.events.update({ id: req.params.id, event: eventBody(req.body) })),
  );
}
