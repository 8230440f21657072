// `npm run seed -- --samples N [--database-url URL] [--seed S]`: migrates the database, seeds the
// drilling model and the first administrator when it is new, then generates the demo dataset of
// N samples into the empty drilling tables and reports rows per second. Same environment as the
// server (DATABASE_URL, MDIS_DATA_DIR, MDIS_ADMIN_*); --database-url wins over DATABASE_URL.
import { mkdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, parseDatabaseUrl, type ServerConfig } from '../config';
import { createDatabase } from '../infra/db/database';
import { migrateToLatest } from '../infra/db/migrate';
import { DEFAULT_DEMO_SEED, DemoDataError, type DemoProgress, generateDemoData } from './demo/demo-generator';
import { seedDatabase } from './seed';

const USAGE = 'Usage: npm run seed -- --samples <count> [--database-url <postgres://… | sqlite file>] [--seed <n>]';

interface CliOptions {
  samples: number;
  seed: number;
  config: ServerConfig;
}

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

function wholeNumber(text: string | undefined, name: string, fallback?: number): number {
  if (text === undefined && fallback !== undefined) return fallback;
  const value = Number(text);
  if (text === undefined || !Number.isSafeInteger(value) || value < 0) fail(`--${name} must be a whole number ≥ 0.`);
  return value;
}

function readOptions(): CliOptions {
  let parsed;
  try {
    parsed = parseArgs({
      options: { samples: { type: 'string' }, 'database-url': { type: 'string' }, seed: { type: 'string' } },
      strict: true,
    });
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  const { values } = parsed;
  try {
    // The demo rows come from this command: the server's own demo seed stays off.
    const config = { ...loadConfig(process.env), seed: 'none' as const };
    const url = values['database-url'];
    if (url !== undefined) config.database = parseDatabaseUrl(url, config.dataDir);
    return {
      samples: wholeNumber(values.samples, 'samples'),
      seed: wholeNumber(values.seed, 'seed', DEFAULT_DEMO_SEED),
      config,
    };
  } catch (error) {
    if (error instanceof ConfigError) fail(`Invalid configuration: ${error.message}`);
    throw error;
  }
}

const count = (n: number) => n.toLocaleString('en-US');

function progressLine(progress: DemoProgress): string {
  const rate = progress.rows / Math.max(progress.seconds, 1e-3);
  return `\r  ${count(progress.samples)} samples, ${count(progress.rows)} rows, ${progress.seconds.toFixed(1)} s (${count(Math.round(rate))} rows/s)`;
}

async function main(): Promise<void> {
  const { samples, seed, config } = readOptions();
  if (config.database.dialect === 'sqlite') mkdirSync(config.dataDir, { recursive: true });
  const database = createDatabase(config.database);
  try {
    await migrateToLatest(database.db);
    const seeded = await seedDatabase(database, config);
    if (seeded.generatedPassword)
      process.stdout.write(`First administrator login: ${seeded.adminUsername} / ${seeded.generatedPassword}\n`);
    const where = config.database.dialect === 'sqlite' ? config.database.filename : 'PostgreSQL';
    process.stdout.write(`Generating ${count(samples)} samples into ${where} (seed ${String(seed)})\n`);
    let last = 0;
    const result = await generateDemoData(database.db, database.dialect, {
      samples,
      seed,
      onProgress: (progress) => {
        // A line a second is enough on a terminal; nothing at all when piped.
        if (!process.stdout.isTTY || progress.seconds - last < 1) return;
        last = progress.seconds;
        process.stdout.write(progressLine(progress));
      },
    });
    if (process.stdout.isTTY) process.stdout.write('\n');
    for (const [table, rows] of Object.entries(result.tables)) process.stdout.write(`  ${table}: ${count(rows)}\n`);
    process.stdout.write(
      `Wrote ${count(result.rows)} rows in ${result.seconds.toFixed(1)} s: ${count(result.rowsPerSecond)} rows/s\n`,
    );
  } finally {
    await database.destroy();
  }
}

main().catch((error: unknown) => {
  const known = error instanceof DemoDataError;
  process.stderr.write(
    `${known ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
