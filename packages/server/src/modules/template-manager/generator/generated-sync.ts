import { lstat, readdir, readFile, realpath } from 'node:fs/promises';
import { isAbsolute, join, relative } from 'node:path';
import { sha256Of, type GeneratedFilesRepository } from './generated-files.repository';
import { writeCopy } from './generated-folder';

/** The folders the code generator writes into (generator-files.ts). */
const FOLDERS = ['models', 'hooks', 'forms'] as const;
const FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

interface Log {
  info(message: string): void;
  error(object: object, message: string): void;
}

export interface FolderSync {
  /** Files taken from the folder into the database: new there, or edited by a developer. */
  imported: string[];
  /** Copies written into the folder: missing, or an earlier version of the stored file. */
  refreshed: string[];
}

const isInside = (folder: string, path: string) => {
  const inside = relative(folder, path);
  return inside !== '' && !inside.startsWith('..') && !isAbsolute(inside);
};

/** The files of the generated folder (regular files, or links that stay inside it), by path. */
async function filesOf(root: string, log: Log): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const realRoot = await realpath(root).catch(() => undefined);
  if (!realRoot) return found;
  for (const folder of FOLDERS) {
    const names = await readdir(join(root, folder)).catch(() => [] as string[]);
    for (const name of names.sort()) {
      const path = `${folder}/${name}`;
      if (!FILE_NAME.test(name)) continue;
      try {
        const real = await realpath(join(root, path));
        if (!isInside(realRoot, real)) throw new Error('it lies outside the generated folder');
        if (!(await lstat(real)).isFile()) continue;
        found.set(path, await readFile(real, 'utf8'));
      } catch (error) {
        log.error({ err: error }, `generated file ${path} skipped: ${(error as Error).message}`);
      }
    }
  }
  return found;
}

/**
 * At start: brings the instance's generated folder and the database together, without clocks.
 * The database is what every instance runs; the folder is the developer's copy. A file the
 * database lacks (an installation from before the database held them) or whose content the
 * database never held (the developer edited it) is imported; a file holding an earlier stored
 * version, or missing, is refreshed from the database. So a hook edited on one machine reaches
 * every instance once that machine's instance restarts, and nothing a developer wrote is overwritten.
 */
export async function syncGeneratedFolder(
  root: string,
  repository: GeneratedFilesRepository,
  log: Log,
): Promise<FolderSync> {
  const onDisk = await filesOf(root, log);
  const stored = new Map((await repository.heads()).map((head) => [head.path, head]));
  const result: FolderSync = { imported: [], refreshed: [] };
  for (const [path, content] of onDisk) {
    const head = stored.get(path);
    const sha = sha256Of(content);
    if (head?.sha256 === sha) continue;
    if (head?.history.includes(sha)) continue; // an earlier version: refreshed below
    await repository.write(path, content);
    stored.delete(path);
    result.imported.push(path);
  }
  for (const [path, head] of stored) {
    const copy = onDisk.get(path);
    if (copy !== undefined && sha256Of(copy) === head.sha256) continue;
    const content = await repository.read(path);
    if (content === undefined) continue;
    try {
      await writeCopy(root, path, content);
      result.refreshed.push(path);
    } catch (error) {
      log.error(
        { err: error },
        `generated file ${path} not copied into the generated folder: ${(error as Error).message}`,
      );
    }
  }
  if (result.imported.length > 0) log.info(`generated files imported from the folder: ${result.imported.join(', ')}`);
  if (result.refreshed.length > 0) log.info(`generated files copied into the folder: ${result.refreshed.length}`);
  return result;
}
