import { convertValue } from './convert';
import { isPermission } from '@mdis/shared';
import type { TargetValue } from './convert';
import type { Warnings } from './data-plans';
import type { Source, SourceRow } from './source';

// yii2-usuario's `user` + `profile` and Yii RBAC (`auth_item`, `auth_item_child`,
// `auth_assignment`) as our users with roles and permissions (reference §5.6).

const ROLE_NAMES: Record<string, string> = {
  sa: 'administrator',
  developer: 'developer',
  operator: 'operator',
  viewer: 'viewer',
};

const iso = (seconds: unknown) =>
  seconds === null || seconds === undefined ? null : new Date(Number(seconds) * 1000).toISOString();

/** A limited-access item keeps its combined_id prefix in `data`: PHP-serialized (`s:4:"5065";`) or plain. */
export function prefixOfItemData(data: unknown): string | undefined {
  if (data === null || data === undefined) return undefined;
  const text = Buffer.isBuffer(data) ? data.toString('utf8') : typeof data === 'string' ? data : JSON.stringify(data);
  const serialized = /s:\d+:"([A-Za-z0-9][A-Za-z0-9_.-]*)"/.exec(text);
  const plain = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/.exec(text.trim());
  return serialized?.[1] ?? plain?.[0];
}

interface Rbac {
  types: Map<string, number>;
  data: Map<string, unknown>;
  children: Map<string, string[]>;
}

function descendants(rbac: Rbac, name: string, seen = new Set<string>()): Set<string> {
  for (const child of rbac.children.get(name) ?? []) {
    if (seen.has(child)) continue;
    seen.add(child);
    descendants(rbac, child, seen);
  }
  return seen;
}

/** Our permission for one RBAC permission item, or undefined (then it is listed as not migrated). */
function permissionOf(rbac: Rbac, item: string): string | undefined {
  const form = /^form-(.+):(view|edit)$/.exec(item);
  if (form) {
    const permission = `form-${form[1] === 'ALL' ? '*' : form[1]}:${form[2]}`;
    return isPermission(permission) ? permission : undefined;
  }
  const prefix = prefixOfItemData(rbac.data.get(item));
  if (prefix === undefined) return undefined;
  // Limited access grants what the item is a parent of: form-ALL:edit (edit) or form-ALL:view.
  const below = descendants(rbac, item);
  return `records:${prefix}:${below.has('form-ALL:edit') ? 'edit' : 'view'}`;
}

async function readRbac(source: Source, tables: Set<string>): Promise<Rbac> {
  const items = tables.has('auth_item') ? await source.all('auth_item') : [];
  const links = tables.has('auth_item_child') ? await source.all('auth_item_child') : [];
  const children = new Map<string, string[]>();
  for (const link of links)
    children.set(String(link.parent), [...(children.get(String(link.parent)) ?? []), String(link.child)]);
  return {
    types: new Map(items.map((i) => [String(i.name), Number(i.type)])),
    data: new Map(items.map((i) => [String(i.name), i.data])),
    children,
  };
}

/** Every user as our row (values in USER_COLUMNS order, infra/db/schema); blocked and unconfirmed users stay inactive. */
export async function readUsers(source: Source, warnings: Warnings): Promise<TargetValue[][]> {
  const tables = await source.tables();
  if (!tables.has('user')) {
    warnings.add('user: no yii2-usuario user table in the source; no users migrated');
    return [];
  }
  const rbac = await readRbac(source, tables);
  const profiles = new Map(
    (tables.has('profile') ? await source.all('profile') : []).map((p) => [Number(p.user_id), p]),
  );
  const assignments = new Map<number, string[]>();
  for (const a of tables.has('auth_assignment') ? await source.all('auth_assignment') : [])
    assignments.set(Number(a.user_id), [...(assignments.get(Number(a.user_id)) ?? []), String(a.item_name)]);
  const users = await source.all('user');
  users.sort((a, b) => Number(a.id) - Number(b.id));
  return users.map((user: SourceRow) => {
    const id = Number(user.id);
    const roles: string[] = [];
    const permissions: string[] = [];
    for (const item of assignments.get(id) ?? []) {
      const role = ROLE_NAMES[item];
      if (role) roles.push(role);
      else {
        const permission = rbac.types.get(item) === 1 ? undefined : permissionOf(rbac, item);
        if (permission) permissions.push(permission);
        else
          warnings.add(`user ${String(user.username)}: the RBAC item '${item}' has no counterpart here; not migrated`);
      }
    }
    // yii2-usuario lets neither a blocked nor (by default) an unconfirmed user sign in: both are
    // inactive here. Unconfirmed ones stay marked (confirmed 0: told so at login, shown so to the
    // administrator, confirmed by activating); blocked ones are deactivated accounts, confirmed or not.
    const blocked = user.blocked_at !== null && user.blocked_at !== undefined;
    const unconfirmed = user.confirmed_at === null || user.confirmed_at === undefined;
    const created = iso(user.created_at) ?? new Date(0).toISOString();
    return [
      id,
      String(user.username),
      String(user.email).toLowerCase(),
      convertValue('text', profiles.get(id)?.name) ?? '',
      String(user.password_hash),
      JSON.stringify([...new Set(roles)]),
      JSON.stringify([...new Set(permissions)].sort()),
      blocked || unconfirmed ? 0 : 1,
      unconfirmed && !blocked ? 0 : 1,
      created,
      iso(user.updated_at) ?? created,
      iso(user.last_login_at),
    ];
  });
}
