import type { FastifyInstance, FastifyReply } from 'fastify';
import { Readable } from 'node:stream';
import { eventIdInput } from '../../shared/events.schema';
import { periodInput } from '../../shared/reports.schema';
import { requireAdmin } from '../platform/actor';
import { entrantsCsv } from '../reports/event-entrants';
import type { ContextDeps } from '../trpc/context';
import { callService } from './call';

type PeriodQuery = { Querystring: { from?: string; to?: string } };
type EventParams = { Params: { id: string } };

const fileName = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'report';

function download(reply: FastifyReply, name: string, type: 'csv' | 'pdf', body: string | Buffer | Readable) {
  return reply
    .type(type === 'csv' ? 'text/csv; charset=utf-8' : 'application/pdf')
    .header('content-disposition', `attachment; filename="${name}.${type}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

/** Report and export downloads for the Reports and Accounting tabs (admins only). */
export function registerReportRoutes(app: FastifyInstance, deps: ContextDeps): void {
  const period = (query: PeriodQuery['Querystring']) => periodInput.parse({ from: query.from || undefined, to: query.to || undefined });

  app.get<PeriodQuery>('/api/admin/reports/financial.csv', (req, reply) =>
    callService(deps, req, reply, async (ctx) => {
      requireAdmin(ctx.actor);
      const p = ctx.services.reports.period(period(req.query));
      return download(reply, `financial-summary-${p.from}-to-${p.to}`, 'csv', await ctx.services.reports.financialCsv(ctx.em, p));
    }),
  );
  app.get<PeriodQuery>('/api/admin/reports/financial.pdf', (req, reply) =>
    callService(deps, req, reply, async (ctx) => {
      requireAdmin(ctx.actor);
      const p = ctx.services.reports.period(period(req.query));
      return download(reply, `financial-summary-${p.from}-to-${p.to}`, 'pdf', await ctx.services.reports.financialPdf(ctx.em, p));
    }),
  );
  app.get<PeriodQuery>('/api/admin/reports/membership.csv', (req, reply) =>
    callService(deps, req, reply, async (ctx) => {
      requireAdmin(ctx.actor);
      const p = ctx.services.reports.period(period(req.query));
      return download(reply, `membership-${p.from}-to-${p.to}`, 'csv', await ctx.services.reports.membershipCsv(ctx.em, p));
    }),
  );
  app.get<EventParams>('/api/admin/reports/events/:id/results.csv', (req, reply) =>
    callService(deps, req, reply, async (ctx) => {
      requireAdmin(ctx.actor);
      const { name, csv } = await ctx.services.reports.eventResultsCsv(ctx.em, eventIdInput.parse(req.params).id);
      return download(reply, `results-${fileName(name)}`, 'csv', csv);
    }),
  );
  app.get<EventParams>('/api/admin/reports/events/:id/results.pdf', (req, reply) =>
    callService(deps, req, reply, async (ctx) => {
      requireAdmin(ctx.actor);
      const { name, pdf } = await ctx.services.reports.eventResultsPdf(ctx.em, eventIdInput.parse(req.params).id);
      return download(reply, `results-${fileName(name)}`, 'pdf', pdf);
    }),
  );
  /** The sign-on desk's entrant list, to print. */
  app.get<EventParams>('/api/admin/events/:id/entrants.pdf', (req, reply) =>
    callService(deps, req, reply, async (ctx) => {
      requireAdmin(ctx.actor);
      const { name, pdf } = await ctx.services.signOnDesk.pdf(ctx.em, ctx.actor, eventIdInput.parse(req.params).id);
      return download(reply, `sign-on-${fileName(name)}`, 'pdf', pdf);
    }),
  );
  /** The event's entrants and waiting list, for a spreadsheet. */
  app.get<EventParams>('/api/admin/events/:id/entrants.csv', (req, reply) =>
    callService(deps, req, reply, async (ctx) => {
      requireAdmin(ctx.actor);
      const view = await ctx.services.signOnDesk.list(ctx.em, eventIdInput.parse(req.params).id);
      return download(reply, `entrants-${fileName(view.eventName)}`, 'csv', entrantsCsv(view));
    }),
  );
  /** Shirt sizes of the current members, for the shirt order. */
  app.get('/api/admin/reports/shirts.csv', (req, reply) =>
    callService(deps, req, reply, async (ctx) => {
      requireAdmin(ctx.actor);
      const { day, csv } = await ctx.services.reports.shirtsCsv(ctx.em);
      return download(reply, `shirt-order-${day}`, 'csv', csv);
    }),
  );
  app.get('/api/admin/reports/shirts.pdf', (req, reply) =>
    callService(deps, req, reply, async (ctx) => {
      requireAdmin(ctx.actor);
      const { day, pdf } = await ctx.services.reports.shirtsPdf(ctx.em);
      return download(reply, `shirt-order-${day}`, 'pdf', pdf);
    }),
  );
  /** 'Export to accounting': Xero bank-statement CSV of the period's payments. */
  app.get<PeriodQuery>('/api/admin/export/accounting.csv', (req, reply) =>
    callService(deps, req, reply, async (ctx) => {
      requireAdmin(ctx.actor);
      const p = ctx.services.reports.period(period(req.query));
      return download(reply, `accounting-${p.from}-to-${p.to}`, 'csv', Readable.from(ctx.services.reports.accountingCsv(ctx.em, p)));
    }),
  );
}
