import { z } from 'zod';

export const loginBodySchema = z.object({
  /** A username or an e-mail address. */
  username: z.string().trim().min(1, 'Username cannot be blank.').max(255),
  password: z.string().min(1, 'Password cannot be blank.').max(1024),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const profileSchema = z.object({ name: z.string(), email: z.string() });
export type Profile = z.infer<typeof profileSchema>;

/** The login answer, also stored by the web app: the original's user object. */
export const authUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  token: z.string(),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  profile: profileSchema,
});
export type AuthUser = z.infer<typeof authUserSchema>;

/** Messages of the auth calls, reproduced by server and client. */
export const AUTH_MESSAGES = {
  wrongCredentials: 'Incorrect username or password.',
  inactive: 'Your account has been deactivated.',
  /** An account moved from mDIS v3 that was never confirmed there (there is no confirmation mail here). */
  unconfirmed: 'Your account has not been confirmed yet: ask an administrator to activate it.',
  noDefaultUser: 'No default user is configured.',
  rateLimited: 'Too many login attempts. Please wait a minute and try again.',
  missingToken: 'Your request was made with invalid credentials.',
} as const;

/** Name of the HttpOnly cookie that carries the token for GET routes opened by URL. */
export const SESSION_COOKIE = 'mdis_session';
/** A token expires this long after its last use. */
export const TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
