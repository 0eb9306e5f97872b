// `npm run dev`: the site for developers. The API runs from the sources and restarts when they change (node --watch,
// port 3000); Vite's dev server (port 5173) serves the client with hot reload and passes /api, /trpc and /paypal to
// the API. Open http://localhost:5173. Ctrl-C stops both. Plain JavaScript, like the other start scripts.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const apiPort = process.env.PORT ?? '3000';
const clientPort = process.env.VITE_PORT ?? '5173';

const children = [
  // The browser is on Vite's origin: links in e-mails and the API's origin checks use that address.
  spawn(process.execPath, ['--watch', '--watch-preserve-output', '--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    detached: true,
    env: { ...process.env, PORT: apiPort, PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${clientPort}`, API_PORT: apiPort },
  }),
  spawn(bin('vite'), ['--port', clientPort, '--strictPort'], {
    cwd: root,
    stdio: 'inherit',
    detached: true,
    env: { ...process.env, API_PORT: apiPort },
  }),
];

// The children run in their own process groups, so Ctrl-C reaches only this script, which stops each of them once
// (the site then stops its embedded PostgreSQL cleanly).
let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  void Promise.all(children.map((child) => (child.exitCode === null ? new Promise((resolve) => child.once('exit', resolve)) : null))).then(
    () => process.exit(code),
  );
}
for (const child of children) child.once('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
