// The client's `zod`: Vite resolves every `import … from 'zod'` of the client build here (vite.config.ts), so this
// runs before any schema exists, in whichever chunk first needs zod; the landing page needs none, so its bundle
// carries no zod. zod 4 probes `new Function` to decide whether it may compile its parsers; the site's CSP forbids
// eval, and the browser reports the probe as a violation even though zod catches it. Never compile, never probe.
import { z } from 'zod/v4';

z.config({ jitless: true });

export * from 'zod/v4';
export { z, z as default };
