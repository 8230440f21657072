import { mkdirSync } from 'node:fs';
import { buildApp } from './app';
import { ConfigError, loadConfig, type ServerConfig } from './config';
import { ensureLinkHistoryOn, syncDerivedStructures } from './engine/schema-sync';
import { createTemplateStore } from './engine/templates/template-store';
import { createDatabase } from './infra/db/database';
import { ensureHistoryTriggersOn } from './infra/db/history-triggers';
import { migrateToLatest } from './infra/db/migrate';
import { seedDatabase, type SeedResult } from './seed/seed';

function readConfig(): ServerConfig {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`Invalid configuration: ${error.message}\n`);
    process.exit(1);
  }
}

function firstLoginLine(seed: SeedResult): string {
  const password = seed.generatedPassword ?? '(password from MDIS_ADMIN_PASSWORD)';
  return `First administrator login: ${seed.adminUsername} / ${password}`;
}

async function main(): Promise<void> {
  const config = readConfig();
  mkdirSync(config.dataDir, { recursive: true });
  const database = createDatabase(config.database);
  await migrateToLatest(database.db);
  const seed = await seedDatabase(database, config);
  // Row counters, text indexes and history triggers for tables built before they existed.
  const models = await createTemplateStore(database.db).listModels();
  await syncDerivedStructures(database.db, database.dialect, models);
  await ensureHistoryTriggersOn(
    database.db,
    database.dialect,
    models.map((model) => model.table),
  );
  await ensureLinkHistoryOn(database.db, database.dialect, models);
  const app = await buildApp(config, { database, warmUp: true });
  // Statistics gone stale while the server was down (a command-line import, a restore).
  database.analyzer?.request();

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    await app.close();
    await database.destroy();
    process.exit(0);
  };
  // `on`, not `once`: a second signal during the close must not kill the process mid-write.
  process.on('SIGTERM', () => void close('SIGTERM'));
  process.on('SIGINT', () => void close('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  process.stdout.write(`mDIS is running at http://${host}:${port}/\n`);
  if (seed.firstStart) process.stdout.write(`${firstLoginLine(seed)}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `mDIS failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
