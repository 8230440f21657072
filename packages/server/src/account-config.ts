import { type Role, ROLES } from '@mdis/shared';
import { z } from 'zod';

/** SMTP for password recovery; unset: CanSendEmails is false and recovery is refused. */
export interface MailConfig {
  /** nodemailer connection URL: `smtp://user:pass@host:587` or `smtps://...:465`. */
  smtpUrl: string;
  from: string;
}

/** An OpenID Connect provider for the OAuth2 login; unset: UseOAuth2 is false. */
export interface OAuth2Config {
  issuer: string;
  clientId: string;
  /** Unset: a public client (PKCE only). */
  clientSecret: string | undefined;
  /** Where the provider sends the browser back: the web app, which finishes the login. */
  redirectUrl: string;
  scope: string;
  buttonText: string;
  /** The role a user gets when the first OAuth2 login creates the account. */
  defaultRole: Role;
}

export interface AccountConfig {
  /** The address users open the app at; links in e-mails point here. Ends with '/'. */
  publicUrl: string;
  mail: MailConfig | undefined;
  oauth2: OAuth2Config | undefined;
}

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' });

const accountEnvSchema = z.object({
  MDIS_PUBLIC_URL: optional(httpUrl),
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' })),
  MAIL_FROM: optional(z.string().trim().min(3)),
  OAUTH2_ISSUER: optional(httpUrl),
  OAUTH2_CLIENT_ID: optional(z.string().trim().min(1)),
  OAUTH2_CLIENT_SECRET: optional(z.string()),
  OAUTH2_REDIRECT_URL: optional(httpUrl),
  OAUTH2_SCOPE: optional(z.string().trim().min(1)),
  OAUTH2_BUTTON_TEXT: optional(z.string().trim().min(1)),
  OAUTH2_DEFAULT_ROLE: optional(z.enum(ROLES, `must be one of ${ROLES.join(', ')}`)),
});

/** The first issue as [variable, message]; config.ts turns it into its ConfigError. */
export type AccountConfigResult = { ok: true; value: AccountConfig } | { ok: false; variable: string; detail: string };

const withSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);

/** Mail, OAuth2 and the public address from the environment. */
export function loadAccountConfig(
  env: Record<string, string | undefined>,
  listen: { host: string; port: number },
): AccountConfigResult {
  const parsed = accountEnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues.at(0);
    return { ok: false, variable: String(issue?.path.at(0) ?? 'environment'), detail: issue?.message ?? 'invalid' };
  }
  const vars = parsed.data;
  const host = listen.host === '0.0.0.0' || listen.host === '::' ? '127.0.0.1' : listen.host;
  const publicUrl = withSlash(vars.MDIS_PUBLIC_URL ?? `http://${host}:${String(listen.port)}/`);
  if (vars.OAUTH2_ISSUER && !vars.OAUTH2_CLIENT_ID) {
    return { ok: false, variable: 'OAUTH2_CLIENT_ID', detail: 'is required with OAUTH2_ISSUER' };
  }
  const mail = vars.SMTP_URL
    ? { smtpUrl: vars.SMTP_URL, from: vars.MAIL_FROM ?? `mDIS <noreply@${new URL(publicUrl).hostname}>` }
    : undefined;
  const oauth2 =
    vars.OAUTH2_ISSUER && vars.OAUTH2_CLIENT_ID
      ? {
          issuer: vars.OAUTH2_ISSUER,
          clientId: vars.OAUTH2_CLIENT_ID,
          clientSecret: vars.OAUTH2_CLIENT_SECRET,
          redirectUrl: vars.OAUTH2_REDIRECT_URL ?? publicUrl,
          scope: vars.OAUTH2_SCOPE ?? 'openid email profile',
          buttonText: vars.OAUTH2_BUTTON_TEXT ?? 'Log in with OAuth2',
          defaultRole: vars.OAUTH2_DEFAULT_ROLE ?? 'viewer',
        }
      : undefined;
  return { ok: true, value: { publicUrl, mail, oauth2 } };
}
