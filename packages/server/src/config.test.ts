import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

function errorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('applies the defaults of the start contract', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: resolve('./data'),
      database: { dialect: 'sqlite', filename: resolve('./data/mdis.sqlite') },
      adminUsername: 'admin',
      adminPassword: undefined,
      seed: 'demo',
      logLevel: 'info',
      trustProxy: false,
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '0',
      HOST: '0.0.0.0',
      MDIS_DATA_DIR: '/srv/mdis',
      DATABASE_URL: 'postgres://u:p@db:5432/mdis',
      MDIS_ADMIN_USERNAME: 'root',
      MDIS_ADMIN_PASSWORD: 'long-enough',
      MDIS_SEED: 'none',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      port: 0,
      host: '0.0.0.0',
      dataDir: '/srv/mdis',
      database: { dialect: 'postgres', connectionString: 'postgres://u:p@db:5432/mdis' },
      adminUsername: 'root',
      adminPassword: 'long-enough',
      seed: 'none',
      logLevel: 'warn',
    });
  });

  it.each([
    ['sqlite:/tmp/x.sqlite', '/tmp/x.sqlite'],
    ['/tmp/y.sqlite', '/tmp/y.sqlite'],
    ['sqlite://relative.db', resolve('relative.db')],
  ])('treats DATABASE_URL %s as a SQLite file', (url, filename) => {
    expect(loadConfig({ DATABASE_URL: url }).database).toEqual({ dialect: 'sqlite', filename });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', MDIS_ADMIN_PASSWORD: '' })).toMatchObject({ port: 8080, adminPassword: undefined });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT', 'PORT: must be a number'],
    [{ PORT: '70000' }, 'PORT', 'PORT: must be 0-65535'],
    [{ PORT: '1.5' }, 'PORT', 'PORT: must be an integer'],
    [{ MDIS_SEED: 'lots' }, 'MDIS_SEED', 'MDIS_SEED: must be demo or none'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL', 'LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent'],
    [{ DATABASE_URL: 'mysql://x/y' }, 'DATABASE_URL', 'DATABASE_URL: must be a postgres:// URL or a SQLite file path'],
    [
      { MDIS_ADMIN_PASSWORD: 'short' },
      'MDIS_ADMIN_PASSWORD',
      'MDIS_ADMIN_PASSWORD: must contain at least 8 characters',
    ],
    [
      { MDIS_ADMIN_USERNAME: 'a b' },
      'MDIS_ADMIN_USERNAME',
      'MDIS_ADMIN_USERNAME: may contain letters, digits and - _ . @ only',
    ],
  ])('rejects %o naming the variable', (env, variable, message) => {
    const error = errorOf(env);
    expect(error.variable).toBe(variable);
    expect(error.message).toBe(message);
  });
});

describe('file storage configuration', () => {
  it('keeps files under the data directory by default, with a 512 MB upload limit', () => {
    expect(loadConfig({ MDIS_DATA_DIR: '/srv/mdis' })).toMatchObject({
      storage: { kind: 'local', root: '/srv/mdis/files' },
      uploadMaxBytes: 512 * 1024 * 1024,
    });
    expect(loadConfig({ STORAGE_URL: 'file:///mnt/archive', MDIS_UPLOAD_MAX_MB: '2' })).toMatchObject({
      storage: { kind: 'local', root: '/mnt/archive' },
      uploadMaxBytes: 2 * 1024 * 1024,
    });
  });

  it('selects S3 with s3://bucket/prefix, endpoint and credentials from the environment', () => {
    const config = loadConfig({
      STORAGE_URL: 's3://mdis-archive/site-a/files/',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      AWS_REGION: 'eu-central-1',
      AWS_ACCESS_KEY_ID: 'key',
      AWS_SECRET_ACCESS_KEY: 'secret',
    });
    expect(config.storage).toEqual({
      kind: 's3',
      bucket: 'mdis-archive',
      prefix: 'site-a/files',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-central-1',
      forcePathStyle: true,
      accessKeyId: 'key',
      secretAccessKey: 'secret',
    });
    expect(loadConfig({ STORAGE_URL: 's3://bucket', S3_FORCE_PATH_STYLE: 'false' }).storage).toEqual({
      kind: 's3',
      bucket: 'bucket',
      prefix: '',
      region: 'us-east-1',
      forcePathStyle: false,
    });
  });

  it.each([
    [{ STORAGE_URL: 'ftp://host/files' }, 'STORAGE_URL', 'STORAGE_URL: must be s3://bucket/prefix or a folder path'],
    [{ STORAGE_URL: 's3://' }, 'STORAGE_URL', 'STORAGE_URL: must be s3://bucket/prefix or a folder path'],
    [{ S3_ENDPOINT: 'not a url' }, 'S3_ENDPOINT', 'S3_ENDPOINT: must be a URL such as http://127.0.0.1:9000'],
    [{ MDIS_UPLOAD_MAX_MB: '0' }, 'MDIS_UPLOAD_MAX_MB', 'MDIS_UPLOAD_MAX_MB: must be a positive number of megabytes'],
  ])('rejects %o naming the variable', (env, variable, message) => {
    const error = errorOf(env);
    expect(error.variable).toBe(variable);
    expect(error.message).toBe(message);
  });
});
