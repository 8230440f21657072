import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './env';

const READY_LINE = /mDIS is running at (http:\/\/\S+?)\/?$/m;
const START_TIMEOUT_MS = 60_000;

export interface RunningServer {
  baseUrl: string;
  /** The server process (the bench reads its memory from /proc). */
  pid: number | undefined;
  dataDir: string;
  output: () => string;
  stop: () => Promise<void>;
  /** Ends it with SIGKILL, as a crash would, and leaves the data directory for another server. */
  crash: () => Promise<void>;
}

export interface StartOptions {
  /** Extra environment, e.g. MDIS_ADMIN_PASSWORD or DATABASE_URL. */
  env?: Record<string, string>;
  /** Prefix of the temporary data directory's name. */
  label?: string;
  /** Options of node itself, before the script (e.g. `--cpu-prof`, which NODE_OPTIONS refuses). */
  nodeOptions?: string[];
  /** How long it may take to print its URL (START_TIMEOUT_MS). */
  startTimeoutMs?: number;
  /** A data directory an earlier server left (see `crash`), instead of a fresh one. */
  dataDir?: string;
}

/**
 * Starts `node --import tsx packages/server/src/main.ts` on a free port with a fresh data directory
 * (or `options.dataDir`) and resolves once it prints its URL. stop() ends it by pid and removes the
 * data directory.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), `${options.label ?? 'mdis-e2e'}-`));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1', MDIS_DATA_DIR: dataDir };
  delete env.DATABASE_URL; // never point a test server at a developer's database by accident
  Object.assign(env, { MDIS_SEED: 'none', LOG_LEVEL: 'warn' }, options.env);
  const args = [...(options.nodeOptions ?? []), '--import', 'tsx', 'packages/server/src/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const stop = () => stopChild(child, dataDir);
  const crash = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  };
  try {
    const baseUrl = await waitForReadyLine(child, () => output, options.startTimeoutMs ?? START_TIMEOUT_MS);
    return { baseUrl, pid: child.pid, dataDir, output: () => output, stop, crash };
  } catch (error) {
    await stop();
    throw error;
  }
}

function waitForReadyLine(child: ChildProcess, output: () => string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      finish();
      reject(new Error(`The server did not print its URL within ${String(timeoutMs)} ms. Output:\n${output()}`));
    }, timeoutMs);
    const onData = () => {
      const match = READY_LINE.exec(output());
      if (match?.[1]) {
        finish();
        resolve(match[1]);
      }
    };
    const onExit = (code: number | null) => {
      finish();
      reject(new Error(`The server exited (code ${String(code)}) before it was ready. Output:\n${output()}`));
    };
    function finish() {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
    }
    child.stdout?.on('data', onData);
    child.on('exit', onExit);
  });
}

async function stopChild(child: ChildProcess, dataDir: string): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const timeout = new Promise((resolve) => setTimeout(resolve, 10_000).unref());
    if ((await Promise.race([exited.then(() => 'exited'), timeout])) !== 'exited') child.kill('SIGKILL');
  }
  rmSync(dataDir, { recursive: true, force: true });
}
