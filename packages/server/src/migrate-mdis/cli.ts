// `npm run migrate:mdis -- --from mysql://user:pass@host:3306/db --templates <dis_templates>
// [--files <upload folder>] [--dry-run] [--force] [--allow-differences] [--report <file.json>]`:
// moves an mDIS v3 installation into the configured database (DATABASE_URL / MDIS_DATA_DIR) and
// storage (STORAGE_URL), then prints the verification and writes it as JSON and HTML. Exit 1 on any
// difference unless --allow-differences; an interrupted run continues where it stopped.
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, parseDatabaseUrl, storageConfigOf } from '../config';
import { createDatabase } from '../infra/db/database';
import { createStorage } from '../infra/storage/create-storage';
import { migrateMdisV3, MigrationError } from './migrate';
import { SourceError } from './source';
import { TemplateFolderError } from './templates';
import { renderReportHtml } from './report-html';
import { formatReport } from './verify';

const USAGE =
  'Usage: npm run migrate:mdis -- --from mysql://user:pass@host:3306/db --templates <dis_templates folder> [--files <upload folder>] [--dry-run] [--force] [--allow-differences] [--report <file.json>] [--database-url <url>]';

/** The source URL without its password: the report is shared, the password is not. */
function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'mysql://…';
  }
}

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

function readOptions() {
  try {
    const { values } = parseArgs({
      options: {
        from: { type: 'string' },
        templates: { type: 'string' },
        files: { type: 'string' },
        'dry-run': { type: 'boolean', default: false },
        force: { type: 'boolean', default: false },
        'allow-differences': { type: 'boolean', default: false },
        report: { type: 'string' },
        'database-url': { type: 'string' },
      },
      strict: true,
    });
    if (!values.from?.startsWith('mysql://')) fail('--from must be a mysql://user:password@host:3306/database URL.');
    if (!values.templates) fail('--templates must name the dis_templates folder (with models/ and forms/).');
    const config = loadConfig(process.env);
    if (values['database-url']) config.database = parseDatabaseUrl(values['database-url'], config.dataDir);
    return { values: { ...values, from: values.from, templates: values.templates }, config };
  } catch (error) {
    if (error instanceof ConfigError) fail(`Invalid configuration: ${error.message}`);
    fail(error instanceof Error ? error.message : String(error));
  }
}

async function main(): Promise<number> {
  const { values, config } = readOptions();
  if (config.database.dialect === 'sqlite') mkdirSync(config.dataDir, { recursive: true });
  const database = createDatabase(config.database);
  const storage = createStorage(storageConfigOf(config));
  const tty = process.stdout.isTTY;
  let lastStep = '';
  try {
    const result = await migrateMdisV3(database, storage, {
      from: values.from,
      templatesDir: resolve(values.templates),
      ...(values.files ? { filesDir: resolve(values.files) } : {}),
      dryRun: values['dry-run'],
      force: values.force,
      onProgress: (step, rows, total) => {
        const width = 30;
        const filled = total > 0 ? Math.min(width, Math.round((rows / total) * width)) : width;
        const line = `  ${step.padEnd(28)} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${rows.toLocaleString('en-US')}/${total.toLocaleString('en-US')}`;
        if (tty) process.stdout.write(`${step === lastStep ? '\r' : '\n'}${line}`);
        else if (step !== lastStep) process.stdout.write(`${line}\n`);
        lastStep = step;
      },
    });
    if (tty) process.stdout.write('\n');
    const { report } = result;
    process.stdout.write(`${formatReport(report)}\n`);
    const rate = Math.round(result.rowsWritten / Math.max(result.copySeconds, 1e-3));
    process.stdout.write(
      values['dry-run']
        ? 'Dry run: nothing was written.\n'
        : `Wrote ${result.rowsWritten.toLocaleString('en-US')} rows in ${result.copySeconds.toFixed(1)} s (${rate.toLocaleString('en-US')} rows/s; text indexes ${result.indexSeconds.toFixed(1)} s of it); ${result.seconds.toFixed(1)} s in all, templates, files and verification included.\n`,
    );
    const reportFile = resolve(values.report ?? 'mdis-v3-migration-report.json');
    const { rowsWritten, copySeconds, seconds } = result;
    writeFileSync(reportFile, `${JSON.stringify({ ...report, rowsWritten, copySeconds, seconds }, null, 2)}\n`);
    // Next to the JSON, for people: the same figures as a page that opens in any browser.
    const htmlFile = `${reportFile.replace(/\.json$/i, '')}.html`;
    const run = { rowsWritten, copySeconds, seconds, dryRun: values['dry-run'], finishedAt: new Date().toISOString() };
    writeFileSync(htmlFile, renderReportHtml(report, { ...run, source: redactedUrl(values.from) }));
    process.stdout.write(`Report: ${reportFile}, ${htmlFile}\n`);
    return report.differences > 0 && !values['allow-differences'] ? 1 : 0;
  } finally {
    await database.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known =
      error instanceof MigrationError || error instanceof SourceError || error instanceof TemplateFolderError;
    process.stderr.write(
      `${known ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(known ? 2 : 1);
  },
);
