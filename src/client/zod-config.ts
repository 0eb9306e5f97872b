import { z } from 'zod';

// zod 4 probes `new Function` to decide whether it may compile its parsers; the site's CSP forbids eval, and
// the browser reports the probe as a violation even though zod catches it. Never compile, never probe.
// Imported first by main.tsx: an object schema reads this setting when it is created, at module load.
z.config({ jitless: true });
