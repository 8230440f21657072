import { createBehaviorRegistry } from '../engine/behaviors/behavior-registry';
import { resolveJoinTable } from '../engine/schema-sync';
import { rewriteAllMaintained } from '../engine/schema-sync/maintained-refresh';
import type { Database } from '../infra/db/database';
import { USER_COLUMNS } from '../infra/db/schema';
import type { FileStorage } from '../infra/storage/file-storage';
import { sql } from 'kysely';
import { seedDefaultWidgets } from '../modules/widgets/default-widgets';
import { registerBehaviors } from '../register-behaviors';
import { createCheckpoints } from './checkpoints';
import { dashboardPlans } from './dashboard-plans';
import { copyTable, type CopyContext, writeAll } from './copy-table';
import { joinTablePlans, modelTablePlan, type TablePlan, type Warnings } from './data-plans';
import { copyArchiveFiles, type FileProblem, filesMissingInStorage } from './files';
import { openSource, type Source } from './source';
import { systemPlans } from './system-plans';
import { dropTextIndexes, prepareTarget, resetSequences, restoreTextIndexes } from './target';
import { readSourceTemplates, type SourceTemplates } from './templates';
import { readUsers } from './users';
import { brokenReferences, countDifferences, verifyTable, type VerificationReport } from './verify';

export { MigrationError } from './target';

export interface MigrateOptions {
  from: string;
  templatesDir: string;
  filesDir?: string;
  dryRun?: boolean;
  force?: boolean;
  batchSize?: number;
  /** Progress: a step's rows so far (after each committed batch); throwing stops the migration. */
  onProgress?: (step: string, rows: number, total: number) => void;
}

export interface MigrateResult {
  report: VerificationReport;
  /** Rows written by this run (a resumed run counts only its own). */
  rowsWritten: number;
  seconds: number;
  /** Of those, the copy of the rows (templates, files and verification excluded; text index build included). */
  copySeconds: number;
  /** Of the copy, building the text indexes from the copied rows. */
  indexSeconds: number;
}

type RunWarnings = Warnings & { list(): string[]; copied(): void };

function createWarnings(): RunWarnings {
  const messages: string[] = [];
  const zeroDates = new Map<string, number>();
  // The verification converts the source rows again: only the copy's zero dates are counted.
  let counting = true;
  return {
    add: (message) => messages.push(message),
    zeroDate: (table, column) => {
      if (counting) zeroDates.set(`${table}.${column}`, (zeroDates.get(`${table}.${column}`) ?? 0) + 1);
    },
    copied: () => {
      counting = false;
    },
    list: () => [
      ...messages,
      ...[...zeroDates].map(([column, n]) => `${column}: ${String(n)} zero date(s) (0000-00-00) became empty (null)`),
    ],
  };
}

async function planTables(
  source: Source,
  templates: SourceTemplates,
  database: Database | undefined,
  userIds: ReadonlySet<number>,
  warnings: Warnings,
) {
  const plans: TablePlan[] = [];
  for (const model of templates.models) {
    const plan = await modelTablePlan(source, model, warnings);
    if (plan) plans.push(plan);
  }
  // Join tables are ours as schema sync named them: known only once the templates are installed.
  if (database) {
    const { db, dialect } = database;
    const joinTable = (a: string, b: string) => resolveJoinTable(db, dialect, a, b);
    plans.push(...(await joinTablePlans(source, templates.models, joinTable, warnings)));
  }
  const now = new Date().toISOString();
  plans.push(...(await systemPlans(source, now, warnings)));
  plans.push(...(await dashboardPlans(source, userIds, now, warnings)));
  return plans;
}

/** Users first (user_config refers to them), then every table in parent order; each resumable. */
async function copyAll(
  ctx: Omit<CopyContext, 'onBatch'>,
  plans: readonly TablePlan[],
  users: Parameters<typeof writeAll>[2],
  options: MigrateOptions,
) {
  let rowsWritten = 0;
  const totals = new Map<string, number>([['users', users.length]]);
  const done = new Map<string, number>();
  const previous = await ctx.checkpoints.all();
  const run: CopyContext = {
    ...ctx,
    onBatch: (step, rows) => {
      rowsWritten += rows;
      done.set(step, (done.get(step) ?? 0) + rows);
      options.onProgress?.(step, done.get(step) ?? 0, totals.get(step) ?? 0);
    },
  };
  await writeAll(
    run,
    { step: 'users', targetTable: 'users', targetColumns: USER_COLUMNS },
    users,
    previous.get('users'),
  );
  for (const plan of plans) {
    const before = previous.get(plan.step);
    totals.set(plan.step, await ctx.source.count(plan.sourceTable));
    done.set(plan.step, before?.rows ?? 0);
    await copyTable(run, plan, before);
  }
  return rowsWritten;
}

async function copyFiles(
  database: Database,
  storage: FileStorage | undefined,
  source: Source,
  options: MigrateOptions,
  warnings: Warnings,
): Promise<FileProblem[]> {
  if (!(await source.tables()).has('archive_file')) return [];
  if (!storage || !options.filesDir) {
    warnings.add('archive files: no --files folder given; the rows are copied, their bytes are not');
    return [];
  }
  const checkpoints = createCheckpoints(database.db);
  const total = await source.count('archive_file');
  const copied = await copyArchiveFiles(
    {
      db: database.db,
      storage,
      checkpoints,
      filesDir: options.filesDir,
      onFile: (n) => options.onProgress?.('archive files', n, total),
    },
    (await checkpoints.all()).get('archive files'),
  );
  const seen = new Set<number>();
  return [...copied.problems, ...(await filesMissingInStorage(database.db, storage))].filter((f) =>
    seen.has(f.id) ? false : (seen.add(f.id), true),
  );
}

async function verifyAll(
  database: Database,
  source: Source,
  plans: readonly TablePlan[],
  templates: SourceTemplates,
  extra: { files: FileProblem[]; users: number; warnings: string[] },
): Promise<VerificationReport> {
  const tables = [];
  for (const plan of plans) tables.push(await verifyTable(database.db, source, plan));
  const users = await sql<{ n: unknown }>`SELECT COUNT(*) AS n FROM users`.execute(database.db);
  const partial = {
    tables,
    brokenReferences: await brokenReferences(database.db, templates.models),
    files: extra.files,
    users: { source: extra.users, target: Number(users.rows[0]?.n ?? 0) },
    warnings: extra.warnings,
    unsupported: templates.unsupported,
  };
  return { ...partial, differences: countDifferences(partial) };
}

async function dryRunReport(
  source: Source,
  plans: readonly TablePlan[],
  users: number,
  templates: SourceTemplates,
  warnings: string[],
): Promise<VerificationReport> {
  const tables = [];
  for (const plan of plans)
    tables.push({
      table: plan.targetTable,
      source: plan.sourceTable,
      sourceRows: await source.count(plan.sourceTable),
      targetRows: 0,
      columns: [],
    });
  return {
    tables,
    brokenReferences: [],
    files: [],
    users: { source: users, target: 0 },
    warnings,
    unsupported: templates.unsupported,
    differences: 0,
  };
}

/**
 * The rows came by SQL, past the records pipeline: the maintained columns (a sample's stored depths
 * and combined id, which lists sort and filter by) are written for every row, in chunks. Without it
 * a target whose server had started before (--force) would keep them empty.
 */
async function refreshMaintained(database: Database, templates: SourceTemplates): Promise<void> {
  const behaviors = createBehaviorRegistry();
  registerBehaviors(behaviors);
  await rewriteAllMaintained(database.db, database.dialect, behaviors, templates.models);
}

/**
 * Moves an mDIS v3 installation (MySQL/MariaDB) into this database and storage: templates, every
 * template table in parent order with ids kept, m:n links, users with roles and permissions,
 * value lists, the IGSN registry, user settings and archive files; then verifies it row by row.
 * A dry run reads the source and the templates and writes nothing.
 */
export async function migrateMdisV3(
  database: Database,
  storage: FileStorage | undefined,
  options: MigrateOptions,
): Promise<MigrateResult> {
  const started = performance.now();
  const warnings = createWarnings();
  const templates = readSourceTemplates(options.templatesDir);
  const source = await openSource(options.from);
  const seconds = () => (performance.now() - started) / 1000;
  try {
    if (!options.dryRun) await prepareTarget(database, templates, options.force ?? false);
    const users = await readUsers(source, warnings);
    const userIds = new Set(users.map((user) => Number(user[0])));
    const plans = await planTables(source, templates, options.dryRun ? undefined : database, userIds, warnings);
    if (options.dryRun)
      return {
        report: await dryRunReport(source, plans, users.length, templates, warnings.list()),
        rowsWritten: 0,
        seconds: seconds(),
        copySeconds: 0,
        indexSeconds: 0,
      };
    const { db, dialect } = database;
    const ctx = { db, dialect, source, checkpoints: createCheckpoints(db), batchSize: options.batchSize ?? 2000 };
    const copyStarted = performance.now();
    await dropTextIndexes(database, templates);
    const rowsWritten = await copyAll(ctx, plans, users, options);
    const indexStarted = performance.now();
    await restoreTextIndexes(database, templates);
    await refreshMaintained(database, templates);
    const indexSeconds = (performance.now() - indexStarted) / 1000;
    const copySeconds = (performance.now() - copyStarted) / 1000;
    // Only when the source had no dashboard: the original's widgets replaced the default ones.
    await seedDefaultWidgets(db);
    await resetSequences(database, [...plans.filter((p) => p.key === 'id').map((p) => p.targetTable), 'users']);
    for (const { targetTable } of plans) await sql`ANALYZE ${sql.table(targetTable)}`.execute(db);
    const files = await copyFiles(database, storage, source, options, warnings);
    warnings.copied();
    const report = await verifyAll(database, source, plans, templates, {
      files,
      users: users.length,
      warnings: warnings.list(),
    });
    return { report, rowsWritten, seconds: seconds(), copySeconds, indexSeconds };
  } finally {
    await source.close();
  }
}
