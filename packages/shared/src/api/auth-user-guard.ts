import type { AuthUser } from './auth.schemas';

const isText = (value: unknown): value is string => typeof value === 'string';
const isTextList = (value: unknown): value is string[] => Array.isArray(value) && value.every(isText);

/**
 * Whether a value has the shape of `authUserSchema` (the login answer), without the schema library:
 * the web app checks the user it kept in localStorage before its first screen, where zod would add
 * 25 KB gzip to every first visit. auth-user-guard.test.ts keeps both in agreement.
 */
export function isAuthUser(value: unknown): value is AuthUser {
  if (typeof value !== 'object' || value === null) return false;
  const user = value as Record<string, unknown>;
  const profile = user.profile as Record<string, unknown> | null | undefined;
  return (
    Number.isInteger(user.id) &&
    isText(user.username) &&
    isText(user.email) &&
    isText(user.token) &&
    isTextList(user.roles) &&
    isTextList(user.permissions) &&
    typeof profile === 'object' &&
    profile !== null &&
    isText(profile.name) &&
    isText(profile.email)
  );
}
