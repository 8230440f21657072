// `npm run dev`: the API server (tsx watch, restarts on change) and Vite's dev server (hot reload,
// proxying the server paths to the API) side by side. Ctrl-C or either one exiting stops both.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { ROOT, SERVER_ENTRY } from './lib.mjs';

const host = process.env.HOST ?? '127.0.0.1';
const port = process.env.PORT ?? '8080';
let stopping = false;
const bin = (name) => path.join(ROOT, 'node_modules/.bin', name);

// Each child gets its own process group (detached) so that stopping it also stops what it spawned
// (tsx watch and vite both run grandchildren). stdin is ignored: a background group must not read the tty.
function start(name, command, args, options) {
  const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'], detached: true, ...options });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.log(`[dev] ${name} exited (${signal ?? code}); stopping the rest.`);
    stopAll(code ?? 1);
  });
  return child;
}

const children = [
  start('server', bin('tsx'), ['watch', '--clear-screen=false', SERVER_ENTRY], { cwd: ROOT }),
  start('vite', bin('vite'), ['--host', host], {
    cwd: path.join(ROOT, 'packages/web'),
    env: { ...process.env, MDIS_API_TARGET: `http://${host}:${port}` },
  }),
];

function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group is already gone
  }
}
function stopAll(exitCode) {
  if (stopping) return;
  stopping = true;
  for (const child of children) signalGroup(child, 'SIGTERM');
  const waitAll = Promise.all(
    children.map((child) => (child.exitCode !== null || child.signalCode !== null ? null : once(child, 'exit'))),
  );
  // Give both up to 3 s to close their ports; then make sure nothing is left behind.
  const deadline = new Promise((resolve) => setTimeout(resolve, 3000).unref());
  void Promise.race([waitAll, deadline]).then(() => {
    for (const child of children) signalGroup(child, 'SIGKILL');
    process.exit(exitCode);
  });
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stopAll(0));
console.log(`[dev] API on http://${host}:${port}/ (tsx watch); web app on Vite's URL below (proxies /api).`);
