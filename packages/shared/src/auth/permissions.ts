import { hasRole, isReadOnly } from './roles';

export const FORM_ACTIONS = ['view', 'edit'] as const;
export type FormAction = (typeof FORM_ACTIONS)[number];

/** `form-{name}:view|edit`; `form-*` stands for every form. */
export const PERMISSION_PATTERN = /^form-(\*|[a-z0-9]+(-[a-z0-9]+)*):(view|edit)$/;

export function isPermission(value: string): boolean {
  return PERMISSION_PATTERN.test(value);
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
