import type { FastifyInstance } from 'fastify';
import { type BuildAppOptions, buildApp } from '../../src/app';
import type { ServerConfig } from '../../src/config';
import type { Dialect } from '../../src/infra/db/dialect';
import { migrateToLatest } from '../../src/infra/db/migrate';
import type { Db } from '../../src/infra/db/schema';
import { seedDatabase } from '../../src/seed/seed';
import { createTestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: ServerConfig;
  close(): Promise<void>;
}

export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: '/nonexistent',
    database: { dialect: 'sqlite', filename: ':memory:' },
    adminUsername: 'admin',
    adminPassword: 'admin-password',
    seed: 'none',
    logLevel: 'silent',
    trustProxy: false,
    webDistDir: '/nonexistent/dist',
    ...overrides,
  };
}

/**
 * An app on its own fresh, migrated database: nothing seeded (tests build what they need), or with
 * `seeded` what a new installation gets (the drilling model, its forms and value lists).
 */
export async function createTestApp(
  dialect: Dialect,
  options: Omit<BuildAppOptions, 'database'> = {},
  { seeded = false }: { seeded?: boolean } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(dialect);
  await migrateToLatest(database.db);
  const config = testConfig({ database: database.config, dataDir: database.dataDir });
  try {
    if (seeded) await seedDatabase(database, config);
    const app = await buildApp(config, { database, ...options });
    return {
      app,
      db: database.db,
      config,
      close: async () => {
        await app.close();
        await database.destroy();
      },
    };
  } catch (error) {
    await database.destroy();
    throw error;
  }
}
