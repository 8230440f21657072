/**
 * Roles of mDIS. The hierarchy administrator > developer > operator > viewer is linear: each
 * role includes every role below it. `readOnly` stands apart: it may view, never change.
 */
export const HIERARCHICAL_ROLES = ['viewer', 'operator', 'developer', 'administrator'] as const;
export const ROLES = [...HIERARCHICAL_ROLES, 'readOnly'] as const;

export type HierarchicalRole = (typeof HIERARCHICAL_ROLES)[number];
export type Role = (typeof ROLES)[number];

const RANK: Record<HierarchicalRole, number> = { viewer: 1, operator: 2, developer: 3, administrator: 4 };

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

function rankOf(roles: readonly string[]): number {
  let rank = 0;
  for (const role of roles) {
    if (role in RANK) rank = Math.max(rank, RANK[role as HierarchicalRole]);
  }
  return rank;
}

/**
 * Whether a user holding `roles` has `required`, directly or through the hierarchy.
 * @example hasRole(['developer'], 'operator') // true
 */
export function hasRole(roles: readonly string[], required: Role): boolean {
  if (required === 'readOnly') return roles.includes('readOnly');
  return rankOf(roles) >= RANK[required];
}

/** Every role a user effectively holds, the inherited ones included, highest first. */
export function expandRoles(roles: readonly string[]): Role[] {
  const rank = rankOf(roles);
  const inherited = HIERARCHICAL_ROLES.filter((role) => RANK[role] <= rank).reverse();
  return roles.includes('readOnly') ? [...inherited, 'readOnly'] : inherited;
}

/** A read-only user never changes data, whatever else it holds (the default user, for example). */
export function isReadOnly(roles: readonly string[]): boolean {
  return roles.includes('readOnly') && !roles.includes('administrator');
}
