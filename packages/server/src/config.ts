import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PASSWORD_MIN_LENGTH, USERNAME_PATTERN } from '@mdis/shared';
import { z } from 'zod';

export type DatabaseConfig =
  { dialect: 'sqlite'; filename: string } | { dialect: 'postgres'; connectionString: string; searchPath?: string };

export type Dialect = DatabaseConfig['dialect'];

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  adminUsername: string;
  /** Unset: the first start generates one and prints it once. */
  adminPassword: string | undefined;
  seed: 'demo' | 'none';
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** MDIS_TRUST_PROXY=true behind a reverse proxy: client IPs (rate limit) come from X-Forwarded-For. */
  trustProxy: boolean;
  /** The built web app (packages/web/dist). */
  webDistDir: string;
}

/** A bad environment value; `variable` names it so the operator knows what to fix. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`${variable}: ${detail}`);
    this.name = 'ConfigError';
  }
}

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

// An empty variable counts as unset (`PORT= npm start` should not fail).
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const envSchema = z.object({
  PORT: optional(
    z.coerce
      .number({ error: 'must be a number' })
      .int('must be an integer')
      .min(0, 'must be 0-65535')
      .max(65535, 'must be 0-65535'),
  ),
  HOST: optional(z.string().trim().min(1)),
  MDIS_DATA_DIR: optional(z.string()),
  DATABASE_URL: optional(z.string()),
  MDIS_ADMIN_USERNAME: optional(
    z
      .string()
      .min(3, 'must contain at least 3 characters')
      .max(255)
      .regex(USERNAME_PATTERN, 'may contain letters, digits and - _ . @ only'),
  ),
  MDIS_ADMIN_PASSWORD: optional(
    z.string().min(PASSWORD_MIN_LENGTH, `must contain at least ${PASSWORD_MIN_LENGTH} characters`),
  ),
  MDIS_SEED: optional(z.enum(['demo', 'none'], 'must be demo or none')),
  LOG_LEVEL: optional(
    z.enum(
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
      'must be one of fatal, error, warn, info, debug, trace, silent',
    ),
  ),
  MDIS_TRUST_PROXY: optional(z.enum(['true', 'false', '1', '0'], 'must be true or false')),
});

/** `postgres://` selects PostgreSQL; `sqlite:<path>` or a plain path is a SQLite file. */
export function parseDatabaseUrl(url: string | undefined, dataDir: string): DatabaseConfig {
  if (url === undefined) return { dialect: 'sqlite', filename: resolve(dataDir, 'mdis.sqlite') };
  if (/^postgres(ql)?:\/\//i.test(url)) return { dialect: 'postgres', connectionString: url };
  const sqlitePath = url.replace(/^sqlite:(\/\/)?/i, '');
  if (/^[a-z][a-z0-9+.-]+:\/\//i.test(sqlitePath) || sqlitePath === '') {
    throw new ConfigError('DATABASE_URL', 'must be a postgres:// URL or a SQLite file path');
  }
  if (sqlitePath === ':memory:') return { dialect: 'sqlite', filename: sqlitePath };
  return { dialect: 'sqlite', filename: isAbsolute(sqlitePath) ? sqlitePath : resolve(sqlitePath) };
}

/** Environment → configuration. Pure: reads nothing but `env`; throws a ConfigError naming the variable. */
export function loadConfig(env: Record<string, string | undefined>): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues.at(0);
    throw new ConfigError(String(issue?.path.at(0) ?? 'environment'), issue?.message ?? 'invalid value');
  }
  const vars = parsed.data;
  const dataDir = resolve(vars.MDIS_DATA_DIR ?? './data');
  return {
    port: vars.PORT ?? 8080,
    host: vars.HOST ?? '127.0.0.1',
    dataDir,
    database: parseDatabaseUrl(vars.DATABASE_URL, dataDir),
    adminUsername: vars.MDIS_ADMIN_USERNAME ?? 'admin',
    adminPassword: vars.MDIS_ADMIN_PASSWORD,
    seed: vars.MDIS_SEED ?? 'demo',
    logLevel: vars.LOG_LEVEL ?? 'info',
    trustProxy: vars.MDIS_TRUST_PROXY === 'true' || vars.MDIS_TRUST_PROXY === '1',
    webDistDir: DEFAULT_WEB_DIST,
  };
}
