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

describe('mail and OAuth2 configuration', () => {
  it('has neither by default; links point at the listening address', () => {
    const config = loadConfig({ PORT: '9000', HOST: '0.0.0.0' });
    expect(config.publicUrl).toBe('http://127.0.0.1:9000/');
    expect(config.mail).toBeUndefined();
    expect(config.oauth2).toBeUndefined();
  });

  it('reads SMTP, the public address and the OAuth2 provider', () => {
    const config = loadConfig({
      MDIS_PUBLIC_URL: 'https://mdis.example.org/app',
      SMTP_URL: 'smtps://user:pw@mail.example.org:465',
      OAUTH2_ISSUER: 'https://id.example.org',
      OAUTH2_CLIENT_ID: 'mdis',
      OAUTH2_CLIENT_SECRET: 's3cret',
      OAUTH2_DEFAULT_ROLE: 'operator',
    });
    expect(config.publicUrl).toBe('https://mdis.example.org/app/');
    expect(config.mail).toEqual({
      smtpUrl: 'smtps://user:pw@mail.example.org:465',
      from: 'mDIS <noreply@mdis.example.org>',
    });
    expect(config.oauth2).toEqual({
      issuer: 'https://id.example.org',
      clientId: 'mdis',
      clientSecret: 's3cret',
      redirectUrl: 'https://mdis.example.org/app/',
      scope: 'openid email profile',
      buttonText: 'Log in with OAuth2',
      defaultRole: 'operator',
    });
  });

  it('names the variable of a bad value', () => {
    expect(errorOf({ SMTP_URL: 'http://mail.example.org' }).variable).toBe('SMTP_URL');
    expect(errorOf({ OAUTH2_ISSUER: 'https://id.example.org' }).message).toBe(
      'OAUTH2_CLIENT_ID: is required with OAUTH2_ISSUER',
    );
    expect(errorOf({ OAUTH2_ISSUER: 'https://id', OAUTH2_CLIENT_ID: 'x', OAUTH2_DEFAULT_ROLE: 'root' }).variable).toBe(
      'OAUTH2_DEFAULT_ROLE',
    );
    expect(errorOf({ MDIS_PUBLIC_URL: 'ftp://x' }).variable).toBe('MDIS_PUBLIC_URL');
  });
});
