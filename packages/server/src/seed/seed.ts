import { randomBytes } from 'node:crypto';
import type { ServerConfig } from '../config';
import { hashPassword } from '../infra/auth/password';
import type { Database } from '../infra/db/database';
import { seedDemoData } from './demo.seed';
import { seedDrillingModel } from './drilling-model';
import { seedDefaultWidgets } from '../modules/widgets/default-widgets';

export interface SeedResult {
  /** True when this start created the first administrator (a new database). */
  firstStart: boolean;
  adminUsername: string;
  /** Set when MDIS_ADMIN_PASSWORD was unset: print it once, it is stored only hashed. */
  generatedPassword?: string;
}

// An e-mail is required and unique; the administrator can change it in User Management.
function adminEmail(username: string): string {
  const lower = username.toLowerCase();
  return lower.includes('@') ? lower : `${lower}@localhost.localdomain`;
}

/**
 * Seeds a new database (one without users): the drilling data model (templates, tables, value
 * lists; whatever MDIS_SEED says), the first administrator and, with MDIS_SEED=demo, the demo
 * data. App config defaults are not seeded: they live in code (app-config.service.ts).
 * An existing database is left alone.
 */
export async function seedDatabase(
  { db, dialect }: Pick<Database, 'db' | 'dialect'>,
  config: ServerConfig,
): Promise<SeedResult> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return { firstStart: false, adminUsername: config.adminUsername };

  // Before the administrator: a start that fails here finds no users next time and tries again
  // (the demo data is written in one transaction, so a failed attempt leaves its tables empty).
  await seedDrillingModel(db, dialect);
  await seedDefaultWidgets(db);
  if (config.seed === 'demo') await seedDemoData(db, dialect);

  const generatedPassword = config.adminPassword === undefined ? randomBytes(12).toString('base64url') : undefined;
  const at = new Date().toISOString();
  await db
    .insertInto('users')
    .values({
      username: config.adminUsername,
      email: adminEmail(config.adminUsername),
      name: 'Administrator',
      password_hash: await hashPassword(config.adminPassword ?? generatedPassword ?? ''),
      roles: JSON.stringify(['administrator']),
      permissions: '[]',
      active: 1,
      created_at: at,
      updated_at: at,
      last_login_at: null,
    })
    .execute();
  return { firstStart: true, adminUsername: config.adminUsername, ...(generatedPassword ? { generatedPassword } : {}) };
}
