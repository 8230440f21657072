import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Where specs save screenshots; the PostgreSQL run of `npm test` keeps its own (e2e/screenshots-pg). */
export const SCREENSHOT_DIR = path.join(REPO_ROOT, process.env.MDIS_E2E_SCREENSHOTS ?? 'e2e/screenshots');

/** The first administrator of the fresh test database (MDIS_ADMIN_PASSWORD for the server under test). */
export const ADMIN = { username: 'admin', password: 'e2e-Admin-password-1', name: 'Administrator' } as const;

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** CHROMIUM_PATH (npm test sets it), else the usual Debian paths; null when there is no browser. */
export function findChromium(): string | null {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  return CANDIDATES.find((candidate) => existsSync(candidate)) ?? null;
}
