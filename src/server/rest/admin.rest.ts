import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { memberSearchInput } from '../../shared/admin.schema';
import { clubToday } from '../../shared/dates';
import { requireAdmin } from '../services/actor';
import type { ContextDeps } from '../trpc/context';
import { callProcedure, callService } from './call';

type ListQuery = { Querystring: Record<string, string | undefined> };

/** Query-string filters of the members list (numbers arrive as text). */
function memberQuery(req: FastifyRequest<ListQuery>) {
  const q = req.query;
  const number = (v: string | undefined) => (v === undefined || v === '' ? undefined : Number(v));
  return {
    search: q.search || undefined,
    type: q.type || undefined,
    status: q.status || undefined,
    sort: q.sort || undefined,
    direction: q.direction || undefined,
    page: number(q.page),
    pageSize: number(q.pageSize),
  };
}

/** REST shims of SPEC §7 for administration. */
export function registerAdminRoutes(app: FastifyInstance, deps: ContextDeps): void {
  app.get<ListQuery>('/api/admin/members', (req, reply) =>
    callProcedure(deps, req, reply, (api) => api.admin.members.search(memberQuery(req) as never)),
  );

  /** 'Export CSV': the filtered member list, streamed, for Excel. */
  app.get<ListQuery>('/api/admin/export/members', (req, reply) =>
    callService(deps, req, reply, async (ctx) => {
      requireAdmin(ctx.actor);
      const filters = memberSearchInput.parse(memberQuery(req));
      const stream = Readable.from(ctx.services.adminMembers.exportCsv(ctx.em, filters));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="members-${clubToday(new Date())}.csv"`)
        .header('cache-control', 'no-store')
        .send(stream);
    }),
  );
}
