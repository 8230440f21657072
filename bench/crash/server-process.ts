// The real server as a child process (`node --import tsx packages/server/src/main.ts`) on
// 127.0.0.1 and a free port, restartable on the same data directory and killable with SIGKILL.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const READY_LINE = /mDIS is running at (http:\/\/\S+?)\/?$/m;
const START_TIMEOUT_MS = 90_000;

export interface ServerProcess {
  baseUrl: string;
  pid: number;
  /** kill -9: no close hook, no flush, whatever was in flight stays half done. */
  kill(): Promise<void>;
  /** SIGTERM, the orderly close (SIGKILL after 10 s). */
  stop(): Promise<void>;
  output(): string;
}

export interface ServerEnv {
  dataDir: string;
  /** Unset: SQLite in the data directory. */
  databaseUrl?: string;
  adminPassword: string;
  /** The server's TMPDIR: upload spool folders go there, so leftovers can be counted. */
  tmpDir: string;
}

async function ended(child: ChildProcess): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
}

export async function startServerProcess(env: ServerEnv): Promise<ServerProcess> {
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    MDIS_DATA_DIR: env.dataDir,
    MDIS_SEED: 'none',
    MDIS_ADMIN_PASSWORD: env.adminPassword,
    LOG_LEVEL: 'warn',
    TMPDIR: env.tmpDir,
  };
  delete childEnv.DATABASE_URL;
  if (env.databaseUrl) childEnv.DATABASE_URL = env.databaseUrl;
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const pid = child.pid ?? -1;
  const kill = async () => {
    child.kill('SIGKILL');
    await ended(child);
  };
  const stop = async () => {
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await ended(child);
    clearTimeout(timer);
  };
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const match = READY_LINE.exec(output);
    if (match?.[1]) return { baseUrl: match[1], pid, kill, stop, output: () => output };
    if (child.exitCode !== null) throw new Error(`The server exited (${String(child.exitCode)}):\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await kill();
  throw new Error(`The server did not start within ${String(START_TIMEOUT_MS)} ms:\n${output}`);
}
