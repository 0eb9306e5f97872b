// The layers of the house, checked by test/server/architecture.test.ts (and by `npm run lint`, which runs depcruise).
// Parsed with swc: dependency-cruiser cannot use the TypeScript 7 compiler.
// The club's domains, a folder each under src/server/ (ARCHITECTURE.md says what each holds).
const DOMAINS = [
  'accounts',
  'membership',
  'payments',
  'events',
  'catches',
  'competition',
  'content',
  'notifications',
  'reports',
  'assistant',
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    { name: 'no-circular', comment: 'No import cycles anywhere.', severity: 'error', from: {}, to: { circular: true } },
    {
      name: 'services-without-http',
      comment:
        'The domain folders and the platform hold the rules and know nothing of HTTP: no routers, REST shims, tRPC, Fastify or the http/ plumbing.',
      severity: 'error',
      from: { path: `^src/server/(${[...DOMAINS, 'platform'].join('|')})/` },
      to: {
        path: [
          '^src/routers/',
          '^src/server/rest/',
          '^src/server/trpc/',
          '^src/server/http/',
          '^src/server/app\\.ts$',
          '^src/server/services\\.ts$',
          'node_modules/(fastify|@fastify|@trpc)/',
        ],
      },
    },
    {
      name: 'platform-below-domains',
      comment: 'The platform (audit, actor, caches, CSV, PDF, sealing, rate limits...) is shared by every domain and imports none.',
      severity: 'error',
      from: { path: '^src/server/platform/' },
      to: { path: [`^src/server/(${DOMAINS.join('|')})/`, '^src/server/services\\.ts$'] },
    },
    {
      name: 'db-below-services',
      comment: 'Entities, migrations and the database code never reach up into the domains, the platform or the services.',
      severity: 'error',
      from: { path: '^src/server/db/' },
      to: { path: [`^src/server/(${[...DOMAINS, 'platform'].join('|')})/`, '^src/server/services\\.ts$'] },
    },
    {
      name: 'shared-stands-alone',
      comment: 'src/shared is used by both sides and imports neither.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^src/(server|client|routers)/' },
    },
    {
      name: 'client-sees-server-types-only',
      comment: 'The client may name the server’s types (AppRouter) but never bundles its code.',
      severity: 'error',
      from: { path: '^src/client/' },
      to: { path: '^src/(server|routers)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'features-meet-through-components',
      comment: 'A client feature uses another only through src/client/components.',
      severity: 'error',
      from: { path: '^src/client/features/([^/]+)/' },
      to: { path: '^src/client/features/', pathNot: '^src/client/features/$1/' },
    },
  ],
  options: {
    parser: 'swc',
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^src/server/db/migrations/'] },
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
