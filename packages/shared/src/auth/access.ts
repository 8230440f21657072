import type { Role } from './roles';
import { hasRole } from './roles';

/**
 * The access rule every server route declares (the server refuses to start without one).
 * - `public`: anyone, signed in or not;
 * - `user`: any signed-in user;
 * - `{ role }`: a signed-in user holding that role or a higher one.
 */
export type AccessRule = 'public' | 'user' | { role: Role };

export function describeAccess(rule: AccessRule): string {
  return typeof rule === 'string' ? rule : `role:${rule.role}`;
}

/** Whether a signed-in user with `roles` passes the rule (`public` and `user` always do). */
export function satisfiesAccess(rule: AccessRule, roles: readonly string[]): boolean {
  return typeof rule === 'string' ? true : hasRole(roles, rule.role);
}
