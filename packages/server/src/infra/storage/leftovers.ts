import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Temporary files and folders (upload spools, `.part` files of the local storage) carry the name
 * of the process that made them: `<host>~<pid>~<run>~<random>`. A process killed mid-write leaves
 * them behind; the next start removes what belongs to a process that is certainly gone:
 *
 * - made on this host by a pid that no longer runs, or by this very pid in an earlier run (a
 *   restarted container gets the same pid again; `run` tells the runs apart);
 * - made elsewhere (or named in no known way) and older than STALE_AGE_MS: another host's process
 *   cannot be asked whether it still runs, and no upload or write takes that long.
 *
 * So with several instances sharing a folder (local storage on a network share, a shared data
 * dir), one instance never removes what another live instance is writing: other hosts' files are
 * only removed once stale. This relies on every instance having its own host name, which
 * containers and machines do by default.
 */
export const STALE_AGE_MS = 60 * 60 * 1000;

const RUN = randomBytes(6).toString('hex');
const HOST = hostname().replace(/[^A-Za-z0-9.-]+/g, '-') || 'host';
const SEPARATOR = '~';

/** A fresh name owned by this process: `<host>~<pid>~<run>~<random>`. */
export function ownedName(): string {
  return [HOST, String(process.pid), RUN, randomBytes(8).toString('hex')].join(SEPARATOR);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether a leftover named `name`, last changed at `modified`, belongs to a process that is gone. */
export function isAbandoned(name: string, modified: Date, now = Date.now()): boolean {
  const parts = name.split(SEPARATOR);
  const pid = Number(parts[1]);
  if (parts.length === 4 && parts[0] === HOST && Number.isSafeInteger(pid) && pid > 0) {
    return pid === process.pid ? parts[2] !== RUN : !isRunning(pid);
  }
  return now - modified.getTime() >= STALE_AGE_MS;
}

/**
 * Removes the entries of `folder` (files or folders) that `accept` admits and that are abandoned.
 * Returns how many were removed; a missing folder has none.
 */
export async function sweepAbandoned(folder: string, accept: (name: string) => boolean, now = Date.now()) {
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names.filter(accept)) {
    const path = join(folder, name);
    const found = await stat(path).catch(() => undefined);
    if (!found || !isAbandoned(name, found.mtime, now)) continue;
    await rm(path, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}

/** A private folder for one request's temporary files, named after this process. */
export async function makeSpoolDir(root: string): Promise<string> {
  const dir = join(root, ownedName());
  await mkdir(dir, { recursive: true });
  return dir;
}
