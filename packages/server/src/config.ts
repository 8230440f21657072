import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PASSWORD_MIN_LENGTH, USERNAME_PATTERN } from '@mdis/shared';
import { z } from 'zod';
import { loadAccountConfig, type MailConfig, type OAuth2Config } from './account-config';
import type { DatabaseConfig } from './infra/db/dialect';
import type { StorageConfig } from './infra/storage/create-storage';

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
  /** Links in e-mails point here (MDIS_PUBLIC_URL; default http://{host}:{port}/). */
  publicUrl?: string;
  /** SMTP for password recovery (SMTP_URL, MAIL_FROM); unset: no e-mails. */
  mail?: MailConfig;
  /** OpenID Connect login (OAUTH2_*); unset: UseOAuth2 is false. */
  oauth2?: OAuth2Config;
  /** Where uploaded files are kept (unset: `<dataDir>/files`). */
  storage?: StorageConfig;
  /** The largest file one upload may carry, in bytes (unset: DEFAULT_UPLOAD_MAX_MB). */
  uploadMaxBytes?: number;
  /** All files of one upload request together, in bytes (unset: DEFAULT_UPLOAD_MAX_REQUEST_MB). */
  uploadMaxRequestBytes?: number;
  /** Where the template manager's code generator writes (MDIS_GENERATED_DIR, inside the data dir; default `generated`). */
  generatedDir?: string;
  /** MDIS_HISTORY_KEEP_DAYS: record history updates older than this are removed (unset: kept forever). */
  historyKeepDays?: number;
}

export const DEFAULT_UPLOAD_MAX_MB = 512;
export const DEFAULT_UPLOAD_MAX_REQUEST_MB = 1024;

/** The file storage of a configuration; a config built without one (tests) uses `<dataDir>/files`. */
export function storageConfigOf(config: ServerConfig): StorageConfig {
  const storage = config.storage ?? { kind: 'local', root: resolve(config.dataDir, 'files') };
  // The S3 adapter spools streams before sending them: into the same swept folder as uploads.
  return storage.kind === 's3' ? { spoolDir: spoolDirOf(config), ...storage } : storage;
}

export function uploadMaxBytesOf(config: ServerConfig): number {
  return config.uploadMaxBytes ?? DEFAULT_UPLOAD_MAX_MB * 1024 * 1024;
}

/** The upload limits (one file, one request) and the spool folder of a configuration. */
export function uploadLimitsOf(config: ServerConfig) {
  return {
    maxFileBytes: uploadMaxBytesOf(config),
    maxRequestBytes: config.uploadMaxRequestBytes ?? DEFAULT_UPLOAD_MAX_REQUEST_MB * 1024 * 1024,
    spoolRoot: spoolDirOf(config),
  };
}

/** Where uploads are spooled while a request is read (and the S3 adapter spools): `<dataDir>/spool`. */
export function spoolDirOf(config: ServerConfig): string {
  return resolve(config.dataDir, 'spool');
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
  MDIS_GENERATED_DIR: optional(z.string()),
  STORAGE_URL: optional(z.string()),
  S3_ENDPOINT: optional(z.url({ error: 'must be a URL such as http://127.0.0.1:9000' })),
  S3_FORCE_PATH_STYLE: optional(z.enum(['true', 'false', '1', '0'], 'must be true or false')),
  AWS_REGION: optional(z.string().trim().min(1)),
  AWS_ACCESS_KEY_ID: optional(z.string()),
  AWS_SECRET_ACCESS_KEY: optional(z.string()),
  MDIS_UPLOAD_MAX_MB: optional(
    z.coerce.number({ error: 'must be a number' }).positive('must be a positive number of megabytes'),
  ),
  MDIS_UPLOAD_MAX_REQUEST_MB: optional(
    z.coerce.number({ error: 'must be a number' }).positive('must be a positive number of megabytes'),
  ),
  MDIS_HISTORY_KEEP_DAYS: optional(
    z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number of days')
      .positive('must be 1 or more days'),
  ),
});

type EnvVars = z.infer<typeof envSchema>;

/**
 * `s3://bucket/prefix` selects S3-compatible storage (endpoint, region and credentials from
 * S3_ENDPOINT and the usual AWS_* variables); `file:/path` or a plain path is a local folder.
 */
export function parseStorageUrl(vars: EnvVars, dataDir: string): StorageConfig {
  const url = vars.STORAGE_URL;
  if (url === undefined) return { kind: 'local', root: resolve(dataDir, 'files') };
  const s3 = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/i.exec(url);
  if (s3?.[1]) {
    return {
      kind: 's3',
      bucket: s3[1],
      prefix: (s3.at(2) ?? '').replace(/^\/+|\/+$/g, ''),
      ...(vars.S3_ENDPOINT ? { endpoint: vars.S3_ENDPOINT } : {}),
      region: vars.AWS_REGION ?? 'us-east-1',
      forcePathStyle: vars.S3_FORCE_PATH_STYLE !== 'false' && vars.S3_FORCE_PATH_STYLE !== '0',
      ...(vars.AWS_ACCESS_KEY_ID ? { accessKeyId: vars.AWS_ACCESS_KEY_ID } : {}),
      ...(vars.AWS_SECRET_ACCESS_KEY ? { secretAccessKey: vars.AWS_SECRET_ACCESS_KEY } : {}),
    };
  }
  const path = url.replace(/^file:(\/\/)?/i, '');
  if (/^[a-z][a-z0-9+.-]+:\/\//i.test(path) || path === '') {
    throw new ConfigError('STORAGE_URL', 'must be s3://bucket/prefix or a folder path');
  }
  return { kind: 'local', root: resolve(path) };
}

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
  const account = loadAccountConfig(env, { host: vars.HOST ?? '127.0.0.1', port: vars.PORT ?? 8080 });
  if (!account.ok) throw new ConfigError(account.variable, account.detail);
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
    publicUrl: account.value.publicUrl,
    ...(account.value.mail ? { mail: account.value.mail } : {}),
    ...(account.value.oauth2 ? { oauth2: account.value.oauth2 } : {}),
    storage: parseStorageUrl(vars, dataDir),
    uploadMaxBytes: Math.round((vars.MDIS_UPLOAD_MAX_MB ?? DEFAULT_UPLOAD_MAX_MB) * 1024 * 1024),
    uploadMaxRequestBytes: Math.round((vars.MDIS_UPLOAD_MAX_REQUEST_MB ?? DEFAULT_UPLOAD_MAX_REQUEST_MB) * 1024 * 1024),
    ...(vars.MDIS_GENERATED_DIR ? { generatedDir: vars.MDIS_GENERATED_DIR } : {}),
    ...(vars.MDIS_HISTORY_KEEP_DAYS ? { historyKeepDays: vars.MDIS_HISTORY_KEEP_DAYS } : {}),
  };
}
