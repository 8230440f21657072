// `npm run import -- --form sample --file samples.xlsx [--mode insert|upsert] [--dry-run] [--sheet <name>]
// [--mapping '{"Top [m]":"top"}'] [--user <username>] [--database-url <url>]` (issue 20): a CSV, XLSX or
// JSON file into a form, through the same import service as `POST api/v1/import/{preview,commit}`.
// --dry-run previews (nothing is written); otherwise all rows are written or none. Runs as the
// system (every form, no saved mapping; history names the task `npm run import`) unless --user
// names an account, whose rights (limited access too) and saved mapping then apply. Same
// environment as the server (DATABASE_URL, MDIS_DATA_DIR, the file storage's). Exit 0 when written (or a clean
// preview), 1 when rows fail (their CSV with an error column is printed) or the import is refused,
// 2 on a usage error.
import { existsSync, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  AppError,
  type ImportCounts,
  type ImportMode,
  type ImportProgress,
  type ImportStep,
  importProgressText,
} from '@mdis/shared';
import { ConfigError, loadConfig, parseDatabaseUrl, storageConfigOf } from '../src/config';
import { runInTemplateScope } from '../src/engine/templates/template-store';
import { runAudited } from '../src/infra/db/audit-context';
import { createDatabase } from '../src/infra/db/database';
import type { Db } from '../src/infra/db/schema';
import { createStorage } from '../src/infra/storage/create-storage';
import { parseStringList } from '../src/infra/db/json-columns';
import { migrateToLatest } from '../src/infra/db/migrate';
import { recoverUnfinishedImports } from '../src/modules/import/unfinished-imports';
import type { ImportRequest } from '../src/modules/import/import-run';
import { countRows, kindOfFile } from '../src/modules/import/readers/table-reader';
import { createImportCommandServices } from '../src/services';

const USAGE =
  "Usage: npm run import -- --form <form> --file <file.csv|.xlsx|.json> [--mode insert|upsert] [--dry-run] [--sheet <name>] [--mapping '<JSON: header → column>'] [--user <username>] [--database-url <url>]";

/** Who the command runs as without --user: the system, allowed every form (as the other commands). */
const SYSTEM = { id: null, roles: ['administrator'], permissions: [] } as const;

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

function modeOf(text: string): ImportMode {
  if (text === 'insert' || text === 'upsert') return text;
  fail(`--mode must be insert or upsert, not '${text}'.`);
}

function readOptions() {
  try {
    const { values } = parseArgs({
      options: {
        form: { type: 'string' },
        file: { type: 'string' },
        mode: { type: 'string', default: 'insert' },
        'dry-run': { type: 'boolean', default: false },
        sheet: { type: 'string' },
        mapping: { type: 'string' },
        user: { type: 'string' },
        'database-url': { type: 'string' },
      },
      strict: true,
    });
    if (!values.form) fail('--form must name the form to import into (e.g. sample).');
    if (!values.file) fail('--file must name the CSV, XLSX or JSON file to import.');
    // npm runs scripts in the project's folder; a relative path means the caller's (INIT_CWD).
    const file = resolve(process.env.INIT_CWD ?? process.cwd(), values.file);
    if (!existsSync(file) || !statSync(file).isFile()) fail(`--file: there is no file ${file}.`);
    const mode = modeOf(values.mode);
    let mapping: unknown;
    try {
      mapping = values.mapping === undefined ? undefined : (JSON.parse(values.mapping) as unknown);
    } catch {
      fail('--mapping must be a JSON object of file headers and column names.');
    }
    const config = loadConfig(process.env);
    const url = values['database-url'];
    const database = url === undefined ? config.database : parseDatabaseUrl(url, config.dataDir);
    return {
      storage: storageConfigOf(config),
      form: values.form,
      file,
      mode,
      dryRun: values['dry-run'],
      sheet: values.sheet,
      user: values.user,
      mapping,
      database,
    };
  } catch (error) {
    if (error instanceof ConfigError) fail(`Invalid configuration: ${error.message}`);
    fail(error instanceof Error ? error.message : String(error));
  }
}

const count = (n: number) => n.toLocaleString('en-US');
const countsLine = (c: ImportCounts) =>
  `${count(c.total)} rows: ${count(c.new)} new, ${count(c.updated)} updated, ${count(c.unchanged)} unchanged, ${count(c.errors)} with errors`;

/**
 * Progress on a terminal, one line rewritten (the file is read once more for its total); nothing
 * when piped: the summary says it all.
 */
async function progressPrinter(request: ImportRequest) {
  if (!process.stdout.isTTY) return undefined;
  const total = await countRows(request.file.path, request.file.kind, request.sheet);
  // \x1b[K: the rest of the line cleared (a shorter text after a longer one).
  const say = (progress: ImportProgress) => process.stdout.write(`\r  ${importProgressText(progress)}\x1b[K`);
  return {
    onProgress: (done: number) => say({ done, total }),
    onStep: (step: ImportStep, done: number) => say({ done, total, step }),
  };
}

/** SQLite, as the server's start does: an earlier import stopped part-way is removed, its indexes built again. */
async function cleanUpEarlierImports(db: Db): Promise<void> {
  const warn = (about: object, message: string) => process.stderr.write(`${message}: ${JSON.stringify(about)}\n`);
  const { removed } = await recoverUnfinishedImports(db, { info: () => undefined, warn });
  for (const earlier of removed)
    process.stderr.write(
      `Removed the ${count(earlier.removed)} records of an earlier import that did not finish (batch ${earlier.batchId}).\n`,
    );
}

function printUnwritten(counts: ImportCounts, csv: string | undefined): void {
  process.stdout.write(`${countsLine(counts)}. Nothing was written.\n`);
  if (csv === undefined || counts.errors === 0) return;
  process.stdout.write(`The failing rows (CSV, the last column says why):\n${csv}`);
}

async function main(): Promise<number> {
  const options = readOptions();
  const database = createDatabase(options.database);
  try {
    await migrateToLatest(database.db);
    const log = { error: (_object: object, message: string) => process.stderr.write(`${message}\n`) };
    if (database.dialect === 'sqlite') await cleanUpEarlierImports(database.db);
    const { imports, users } = createImportCommandServices(database, createStorage(options.storage), log);
    const account = options.user === undefined ? undefined : await users.findByUsername(options.user);
    if (options.user !== undefined && !account) fail(`--user: there is no user '${options.user}'.`);
    const user = account
      ? { id: account.id, roles: parseStringList(account.roles), permissions: parseStringList(account.permissions) }
      : SYSTEM;
    const kind = await kindOfFile(options.file, options.file);
    const request: ImportRequest = {
      user,
      form: options.form,
      file: { path: options.file, kind },
      mode: options.mode,
      ...(options.sheet === undefined ? {} : { sheet: options.sheet }),
      ...(options.mapping === undefined ? {} : { mapping: options.mapping }),
    };
    const actor = { userId: account?.id, userName: account?.username, route: 'npm run import', client: 'cli' };
    // One unit of work, as a request is: its writes one history batch, the template revision read
    // once (a read of it beside the import's transaction would wait forever on SQLite's one connection).
    const asOneRequest = <T>(work: () => Promise<T>) => runAudited(actor, () => runInTemplateScope(work));
    const name = basename(options.file);
    process.stdout.write(
      `${options.dryRun ? 'Previewing' : 'Importing'} ${name} into the form '${options.form}' (${options.mode}) as ${account ? account.username : 'the system'}\n`,
    );
    if (options.dryRun) {
      const { preview, csv } = await asOneRequest(() => imports.previewWithCsv(request));
      printUnwritten(preview.counts, csv);
      return preview.counts.errors > 0 ? 1 : 0;
    }
    const started = performance.now();
    const progress = await progressPrinter(request);
    const how = { failedRowsCsv: true, onStep: progress?.onStep };
    const result = await asOneRequest(() => imports.commit(request, progress?.onProgress, how));
    if (progress) process.stdout.write('\n');
    if (!result.ok) {
      printUnwritten(result.counts, result.failedRowsCsv);
      return 1;
    }
    const seconds = (performance.now() - started) / 1000;
    const rate = Math.round(result.counts.total / Math.max(seconds, 1e-3));
    process.stdout.write(`${countsLine(result.counts)}. Written in ${seconds.toFixed(1)} s (${count(rate)} rows/s).\n`);
    process.stdout.write(`Batch ${result.batchId}: the form lists these records with ?filter=${result.filter}\n`);
    return 0;
  } catch (error) {
    // The import's own refusals (an unknown form, a wrong mapping, no right to edit): said plainly.
    if (error instanceof AppError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await database.destroy();
  }
}

process.exitCode = await main();
