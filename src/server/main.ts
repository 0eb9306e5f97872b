// The site's entry point: `node dist/server/main.js` (built by `npm run build`), or `tsx src/server/main.ts`.
import { startSite } from './start-site';

startSite().catch((error) => {
  console.error(error);
  process.exit(1);
});
