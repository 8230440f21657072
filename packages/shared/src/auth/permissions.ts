import { hasRole, isReadOnly } from './roles';

export const FORM_ACTIONS = ['view', 'edit'] as const;
export type FormAction = (typeof FORM_ACTIONS)[number];

/** `form-{name}:view|edit`; `form-*` stands for every form. */
export const PERMISSION_PATTERN = /^form-(\*|[a-z0-9]+(-[a-z0-9]+)*):(view|edit)$/;

/**
 * Limited access (reference §5.6): `records:{combined_id prefix}:view|edit` grants view (or view and
 * edit) on every form, but only for records whose combined_id lies under the prefix.
 */
export const LIMITED_ACCESS_PATTERN = /^records:([A-Za-z0-9][A-Za-z0-9_.-]*):(view|edit)$/;

/** A form permission or a limited-access permission. */
export function isPermission(value: string): boolean {
  return PERMISSION_PATTERN.test(value) || LIMITED_ACCESS_PATTERN.test(value);
}

/** @example formPermission('core', 'edit') // 'form-core:edit' */
export function formPermission(formName: string, action: FormAction): string {
  return `form-${formName}:${action}`;
}

export interface PermissionHolder {
  roles: readonly string[];
  permissions: readonly string[];
}

/** The permissions a role grants by itself: viewer views every form, operator edits every form. */
export function permissionsOfRoles(roles: readonly string[]): string[] {
  if (hasRole(roles, 'operator') && !isReadOnly(roles)) return ['form-*:edit', 'form-*:view'];
  if (hasRole(roles, 'viewer') || roles.includes('readOnly')) return ['form-*:view'];
  return [];
}

/** Explicit permissions plus those granted by roles, deduplicated and sorted. */
export function effectivePermissions(holder: PermissionHolder): string[] {
  const granted = new Set([...permissionsOfRoles(holder.roles), ...holder.permissions]);
  if (isReadOnly(holder.roles)) for (const p of granted) if (p.endsWith(':edit')) granted.delete(p);
  return [...granted].sort();
}

/**
 * Whether the holder may view or edit a form. Administrator and developer may do everything;
 * edit includes view; a read-only user never edits.
 * @example canUseForm({ roles: [], permissions: ['form-core:edit'] }, 'core', 'view') // true
 */
export function canUseForm(holder: PermissionHolder, formName: string, action: FormAction): boolean {
  const readOnly = isReadOnly(holder.roles);
  if (action === 'edit' && readOnly) return false;
  if (hasRole(holder.roles, 'developer')) return true;
  const granted = effectivePermissions(holder);
  const wanted = action === 'view' ? ['view', 'edit'] : ['edit'];
  return wanted.some(
    (a) => granted.includes(`form-*:${a}`) || granted.includes(formPermission(formName, a as FormAction)),
  );
}

/**
 * The combined_id prefixes a holder's limited-access permissions grant for an action (edit includes
 * view; a read-only user never edits).
 * @example limitedAccessPrefixes({ roles: [], permissions: ['records:5065_1:edit'] }, 'view') // ['5065_1']
 */
export function limitedAccessPrefixes(holder: PermissionHolder, action: FormAction): string[] {
  if (action === 'edit' && isReadOnly(holder.roles)) return [];
  return holder.permissions.flatMap((permission) => {
    const match = LIMITED_ACCESS_PATTERN.exec(permission);
    if (!match?.[1]) return [];
    return action === 'view' || match[2] === 'edit' ? [match[1]] : [];
  });
}

/** Whether the holder may open a form at all: its view permission, a role, or limited access. */
export function mayOpenForm(holder: PermissionHolder, formName: string): boolean {
  return canUseForm(holder, formName, 'view') || limitedAccessPrefixes(holder, 'view').length > 0;
}
