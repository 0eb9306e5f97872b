// `npm start` and `npm run demo` build first only when the build is missing or older than what it is built from,
// so a start on a current build goes straight to the server. Plain JavaScript: it runs before anything is built.
import { execSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const outputs = [
  'dist/client/index.html',
  'dist/render/render-page.js',
  'dist/server/main.js',
  'dist/server/cli.js',
  'dist/server/demo.js',
];
const inputs = ['src', 'scripts', 'package-lock.json', 'vite.config.ts', 'vite.render.config.ts', 'vite.server.config.ts', 'tsconfig.json'];

const mtime = (file) => {
  try {
    return statSync(path.join(root, file)).mtimeMs;
  } catch {
    return undefined;
  }
};

function newest(entry) {
  const full = path.join(root, entry);
  const stat = statSync(full, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const item of readdirSync(full, { recursive: true, withFileTypes: true })) {
    if (item.isFile()) latest = Math.max(latest, statSync(path.join(item.parentPath, item.name)).mtimeMs);
  }
  return latest;
}

const built = outputs.map(mtime);
const oldestOutput = built.includes(undefined) ? -1 : Math.min(...built);
const latestInput = Math.max(...inputs.map(newest));
if (oldestOutput < latestInput) {
  console.log(oldestOutput < 0 ? 'Building the site (first start)…' : 'Sources changed since the last build: building…');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
