// `npm run bench:migrate [-- --samples N --targets sqlite,postgres --database-url postgres://… --keep]`:
// builds the mDIS v3 fixture in MariaDB (TEST_MARIADB_URL, default root on 127.0.0.1:3306), grows
// its samples to N (default 50,000; the figure is 1,000,000), migrates it into a fresh SQLite
// data directory and/or a fresh PostgreSQL database (created on the server --database-url or
// TEST_DATABASE_URL names, dropped afterwards) and prints rows, seconds, rows/s and peak RSS per
// target. Not part of CI: a million samples take MariaDB minutes to build.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, storageConfigOf } from '../packages/server/src/config';
import { createDatabase } from '../packages/server/src/infra/db/database';
import { createStorage } from '../packages/server/src/infra/storage/create-storage';
import { migrateMdisV3 } from '../packages/server/src/migrate-mdis/migrate';
import { createMdisV3Fixture, growSamples } from '../packages/server/test/helpers/mdis-v3-fixture';
import { freshPostgresDatabase } from './fresh-postgres';

const { values: args } = parseArgs({
  options: {
    samples: { type: 'string', default: '50000' },
    targets: { type: 'string' },
    'database-url': { type: 'string', default: process.env.TEST_DATABASE_URL },
    /** Keep the MariaDB fixture (its URL is printed) for another run. */
    keep: { type: 'boolean', default: false },
    /** Internal: migrate the fixture given as JSON into this target, in a process of its own. */
    child: { type: 'string' },
    fixture: { type: 'string' },
  },
});
const samples = Number(args.samples);
const postgresUrl = args['database-url'];
const targets = (args.targets ?? (postgresUrl ? 'sqlite,postgres' : 'sqlite')).split(',');

const mb = (kb: number) => `${String(Math.round(kb / 1024))} MB`;

type Fixture = Pick<Awaited<ReturnType<typeof createMdisV3Fixture>>, 'url' | 'templatesDir' | 'filesDir'>;

async function migrateInto(target: string, fixture: Fixture) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mdis-bench-migrate-'));
  const postgres =
    target === 'postgres' && postgresUrl ? await freshPostgresDatabase(postgresUrl, 'mdis_migrate') : undefined;
  if (target === 'postgres' && !postgres) throw new Error('postgres: give --database-url or TEST_DATABASE_URL');
  const config = loadConfig({ MDIS_DATA_DIR: dataDir, ...(postgres ? { DATABASE_URL: postgres.url } : {}) });
  const database = createDatabase(config.database);
  try {
    const { rowsWritten, copySeconds, indexSeconds, seconds, report } = await migrateMdisV3(
      database,
      createStorage(storageConfigOf(config)),
      { from: fixture.url, templatesDir: fixture.templatesDir, filesDir: fixture.filesDir },
    );
    const maxRssKb = process.resourceUsage().maxRSS;
    return { rowsWritten, copySeconds, indexSeconds, seconds, differences: report.differences, maxRssKb };
  } finally {
    await database.destroy();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** One target in a process of its own, so that its peak RSS is its own. */
function runChild(target: string, fixture: Fixture): Awaited<ReturnType<typeof migrateInto>> {
  const output = execFileSync(
    process.execPath,
    ['--import', 'tsx', 'bench/migrate-mdis.ts', '--child', target, '--fixture', JSON.stringify(fixture)],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, LOG_LEVEL: 'silent' } },
  );
  return JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as Awaited<ReturnType<typeof migrateInto>>;
}

async function main(): Promise<number> {
  if (args.child) {
    console.log(JSON.stringify(await migrateInto(args.child, JSON.parse(args.fixture ?? '{}') as Fixture)));
    return 0;
  }
  const started = performance.now();
  const fixture = await createMdisV3Fixture();
  try {
    const total = await growSamples(fixture, samples);
    const built = ((performance.now() - started) / 1000).toFixed(0);
    console.log(`fixture ${fixture.url}: ${total.toLocaleString('en-US')} samples, built in ${built} s`);
    let failed = false;
    for (const target of targets) {
      const r = runChild(target, { url: fixture.url, templatesDir: fixture.templatesDir, filesDir: fixture.filesDir });
      const rate = Math.round(r.rowsWritten / r.copySeconds).toLocaleString('en-US');
      console.log(
        `${target.padEnd(9)} ${r.rowsWritten.toLocaleString('en-US')} rows, copy ${r.copySeconds.toFixed(1)} s (${rate} rows/s; ` +
          `text indexes ${r.indexSeconds.toFixed(1)} s of it), ` +
          `whole run ${r.seconds.toFixed(1)} s, peak RSS ${mb(r.maxRssKb)}, differences ${String(r.differences)}`,
      );
      failed ||= r.differences > 0;
    }
    return failed ? 1 : 0;
  } finally {
    if (args.keep) console.log(`kept ${fixture.url}`);
    else await fixture.drop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
