import { mkdirSync, rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { ADMIN, SCREENSHOT_DIR, findChromium } from './support/env';
import './support/provided-context';
import { startServer } from './support/server';

/** Starts one server for all browser specs (they run one file at a time) and stops it at the end. */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (!findChromium()) {
    project.provide('baseUrl', '');
    return undefined;
  }
  rmSync(SCREENSHOT_DIR, { recursive: true, force: true });
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  // MDIS_E2E_DATABASE_URL (an empty database) runs the specs on PostgreSQL; by default a fresh SQLite file.
  const database = process.env.MDIS_E2E_DATABASE_URL;
  const server = await startServer({
    env: {
      MDIS_ADMIN_USERNAME: ADMIN.username,
      MDIS_ADMIN_PASSWORD: ADMIN.password,
      ...(database ? { DATABASE_URL: database } : {}),
    },
  });
  project.provide('baseUrl', server.baseUrl);
  return async () => {
    await server.stop();
    if (process.env.MDIS_E2E_SERVER_LOG === '1') console.log(server.output());
  };
}
