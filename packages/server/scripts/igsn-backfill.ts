// `npm run igsn:backfill [-- --database-url URL]` (packages/server/scripts/igsn-backfill.ts):
// the original's IGSN console routine. Registers the IGSNs records already carry and gives every
// record without one its IGSN (reference §2.6). Same environment as the server (DATABASE_URL,
// MDIS_DATA_DIR); --database-url wins over DATABASE_URL. Exit code 1 when something was refused.
import { parseArgs } from 'node:util';
import { IgsnError } from '@mdis/shared';
import { ConfigError, loadConfig, parseDatabaseUrl } from '../src/config';
import { createDatabase } from '../src/infra/db/database';
import { migrateToLatest } from '../src/infra/db/migrate';
import { createTemplateStore } from '../src/engine/templates/template-store';
import { DRILLING_IGSN_ANCESTORS } from '../src/modules/drilling/igsn-ancestors';
import { backfillIgsns } from '../src/modules/igsn/igsn-backfill';

const USAGE = 'Usage: igsn-backfill [--database-url <postgres://… | sqlite file>]';

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

function databaseConfig() {
  try {
    const { values } = parseArgs({ options: { 'database-url': { type: 'string' } }, strict: true });
    const config = loadConfig(process.env);
    const url = values['database-url'];
    return url === undefined ? config.database : parseDatabaseUrl(url, config.dataDir);
  } catch (error) {
    if (error instanceof ConfigError) fail(`Invalid configuration: ${error.message}`);
    fail(error instanceof Error ? error.message : String(error));
  }
}

async function main(): Promise<number> {
  const database = createDatabase(databaseConfig());
  try {
    await migrateToLatest(database.db);
    const results = await backfillIgsns(database.db, createTemplateStore(database.db), {
      defaults: DRILLING_IGSN_ANCESTORS,
    });
    for (const result of results) {
      process.stdout.write(
        `${result.model}: ${String(result.registered)} registered, ${String(result.generated)} generated\n`,
      );
      for (const problem of result.problems) process.stdout.write(`  ! ${problem}\n`);
    }
    return results.some((result) => result.problems.length > 0) ? 1 : 0;
  } catch (error) {
    if (error instanceof IgsnError) fail(error.message);
    throw error;
  } finally {
    await database.destroy();
  }
}

process.exitCode = await main();
