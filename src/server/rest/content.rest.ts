import type { FastifyInstance } from 'fastify';
import type { ContextDeps } from '../trpc/context';
import { PUBLIC_READ_ROUTE } from '../http/read-cache';
import { callProcedure, callPublicRead } from './call';

type IdParams = { Params: { id: string } };
type SlugParams = { Params: { pageSlug: string } };

/** REST shims of the documented paths (docs/api.md) for content, the CMS, settings and news; each calls the matching procedure. */
export function registerContentRoutes(app: FastifyInstance, deps: ContextDeps): void {
  // Public reads, cached, with ETags.
  app.get<SlugParams>('/api/content/sections/:pageSlug', PUBLIC_READ_ROUTE, (req, reply) =>
    callPublicRead(deps, req, reply, async (api) =>
      (await api.cms.sections({ pageSlug: req.params.pageSlug })).map(({ sectionKey, content }) => ({ sectionKey, content })),
    ),
  );
  app.get('/api/content/pages', PUBLIC_READ_ROUTE, (req, reply) => callPublicRead(deps, req, reply, (api) => api.cms.pages()));
  app.get('/api/settings', PUBLIC_READ_ROUTE, (req, reply) => callPublicRead(deps, req, reply, (api) => api.cms.settings()));
  app.get('/api/news', PUBLIC_READ_ROUTE, (req, reply) => callPublicRead(deps, req, reply, (api) => api.cms.news()));

  // The CMS (admins).
  app.get('/api/admin/content/pages', (req, reply) => callProcedure(deps, req, reply, (api) => api.admin.cms.pages.list()));
  app.post('/api/admin/content/pages', (req, reply) =>
    callProcedure(deps, req, reply, (api) => api.admin.cms.pages.create(req.body as never)),
  );
  app.put<IdParams>('/api/admin/content/pages/:id', (req, reply) =>
    callProcedure(deps, req, reply, (api) => api.admin.cms.pages.update({ id: req.params.id, page: req.body as never })),
  );
  app.delete<IdParams>('/api/admin/content/pages/:id', (req, reply) =>
    callProcedure(deps, req, reply, (api) => api.admin.cms.pages.delete({ id: req.params.id })),
  );

  app.get('/api/admin/content/sections', (req, reply) => callProcedure(deps, req, reply, (api) => api.admin.cms.sections.list()));
  app.post('/api/admin/content/sections', (req, reply) =>
    callProcedure(deps, req, reply, (api) => api.admin.cms.sections.create(req.body as never)),
  );
  app.put<IdParams>('/api/admin/content/sections/:id', (req, reply) =>
    callProcedure(deps, req, reply, (api) => api.admin.cms.sections.update({ id: req.params.id, section: req.body as never })),
  );
  app.delete<IdParams>('/api/admin/content/sections/:id', (req, reply) =>
    callProcedure(deps, req, reply, (api) => api.admin.cms.sections.delete({ id: req.params.id })),
  );

  app.post('/api/admin/settings', (req, reply) => callProcedure(deps, req, reply, (api) => api.admin.cms.settings.save(req.body as never)));

  app.get('/api/admin/news', (req, reply) => callProcedure(deps, req, reply, (api) => api.admin.cms.news.list()));
  app.post('/api/admin/news', (req, reply) => callProcedure(deps, req, reply, (api) => api.admin.cms.news.create(req.body as never)));
  app.put<IdParams>('/api/admin/news/:id', (req, reply) =>
    callProcedure(deps, req, reply, (api) => api.admin.cms.news.update({ id: req.params.id, article: req.body as never })),
  );
  app.delete<IdParams>('/api/admin/news/:id', (req, reply) =>
    callProcedure(deps, req, reply, (api) => api.admin.cms.news.delete({ id: req.params.id })),
  );
}
