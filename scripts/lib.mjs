// Small helpers shared by the root scripts (start, dev, test). Plain Node, no dependencies.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_ENTRY = 'packages/server/src/main.ts';
export const WEB_INDEX = path.join(ROOT, 'packages/web/dist/index.html');
const WEB_SOURCES = [
  'packages/web/src',
  'packages/web/index.html',
  'packages/web/vite.config.ts',
  'packages/shared/src',
];

/** The newest modification time (ms) of a file, or of any file below a folder; 0 when missing. */
function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Why the web app needs a build, or null when packages/web/dist is up to date. */
export function webBuildReason() {
  if (!existsSync(WEB_INDEX)) return 'packages/web/dist/index.html is missing';
  const built = statSync(WEB_INDEX).mtimeMs;
  const stale = WEB_SOURCES.find((source) => newestMtime(path.join(ROOT, source)) > built);
  return stale ? `${stale} changed since the last build` : null;
}

/** Runs a command with inherited stdio; resolves with its exit code (signals map to 128 + n). */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options });
    child.on('error', (error) => {
      console.error(`Could not start ${command}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? 128 + signalNumber(signal)));
  });
}

/**
 * Runs a command with its output collected instead of printed (for a step that runs alongside
 * another one, whose log must stay readable); resolves with the exit code and the output.
 */
export function runCollected(command, args, options = {}) {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], ...options });
    child.stdout.setEncoding('utf8').on('data', (chunk) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ code: 127, output: `Could not start ${command}: ${error.message}\n` }));
    child.on('close', (code, signal) => resolve({ code: code ?? 128 + signalNumber(signal), output }));
  });
}

export function signalNumber(signal) {
  return { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 }[signal] ?? 1;
}

export function npmCommand() {
  return process.platform === 'win32' ? 'npm.cmd' : 'npm';
}

/** Formats milliseconds as "12.3 s" or "2 min 05 s". */
export function formatDuration(ms) {
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
}
