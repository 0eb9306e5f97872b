import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { memberSearchInput } from '../../shared/admin.schema';
import { requireAdmin } from '../platform/actor';
import type { ContextDeps } from '../trpc/context';
import { callProcedure, callService } from './call';

type ListQuery = { Querystring: Record<string, string | undefined> };

/** A script's page size: as many rows as one page may hold, unless it asks for fewer. */
const REST_PAGE_SIZE = 100;

/** Query-string filters of the members list (numbers arrive as text); `limit` is another name for `pageSize`. */
function memberQuery(req: FastifyRequest<ListQuery>, defaultPageSize?: number) {
  const q = req.query;
  const number = (v: string | undefined) => (v === undefined || v === '' ? undefined : Number(v));
  return {
    search: q.search || undefined,
    type: q.type || undefined,
    status: q.status || undefined,
    sort: q.sort || undefined,
    direction: q.direction || undefined,
    page: number(q.page),
    pageSize: number(q.pageSize) ?? number(q.limit) ?? defaultPageSize,
  };
}

/** REST shims of the documented paths (docs/api.md) for administration. */
export function registerAdminRoutes(app: FastifyInstance, deps: ContextDeps): void {
  /**
   * The documented admin member rows (docs/api.md) as a JSON array, one page of them (page, pageSize or limit, search, type, status,
   * sort, direction); the total in X-Total-Count and the neighbouring pages in a Link header.
   */
  app.get<ListQuery>('/api/admin/members', async (req, reply) => {
    const page = await callProcedure(deps, req, reply, (api) => api.admin.members.search(memberQuery(req, REST_PAGE_SIZE) as never));
    if (!page) return reply;
    const link = (n: number) => {
      const params = new URLSearchParams(Object.entries(req.query).filter((e): e is [string, string] => Boolean(e[1])));
      params.delete('limit');
      params.set('page', String(n));
      params.set('pageSize', String(page.pageSize));
      return `<${req.url.split('?')[0]}?${params}>`;
    };
    const last = Math.max(1, Math.ceil(page.total / page.pageSize));
    const links = [`${link(1)}; rel="first"`, `${link(last)}; rel="last"`];
    if (page.page > 1) links.push(`${link(Math.min(page.page - 1, last))}; rel="prev"`);
    if (page.page < last) links.push(`${link(page.page + 1)}; rel="next"`);
    return reply
      .header('x-total-count', String(page.total))
      .header('x-page', String(page.page))
      .header('x-page-size', String(page.pageSize))
      .header('link', links.join(', '))
      .header('access-control-expose-headers', 'X-Total-Count, X-Page, X-Page-Size, Link')
      .send(page.rows);
  });

  /** 'Export CSV': the filtered member list, streamed, for Excel; the file's name says which filter it used. */
  app.get<ListQuery>('/api/admin/export/members', (req, reply) =>
    callService(deps, req, reply, async (ctx) => {
      requireAdmin(ctx.actor);
      const filters = memberSearchInput.parse(memberQuery(req));
      const stream = Readable.from(ctx.services.adminMembers.exportCsv(ctx.em, filters));
      const name = ctx.services.adminMembers.exportFileName(filters);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    }),
  );
}
