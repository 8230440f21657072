import { AppError, canUseForm, limitedAccessPrefixes, type PermissionHolder } from '@mdis/shared';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { anyOf } from '../query/filter-compiler';
import { textOf } from './dynamic-db';
import type { RecordModel } from './record-model';
import type { Conditions } from './record-query';

export type RecordAction = 'view' | 'edit';

/** Which records of a model the user reaches: all of them, or those under some combined_id prefixes. */
export type RecordScope = { restricted: false } | { restricted: true; prefixes: string[] };

export const NOT_ALLOWED = 'You are not allowed to perform this action.';

/**
 * The scope of an action on a model reached through `formNames` (one form, or for the global API
 * every form built on the model; none: only roles grant). A form permission or a role gives every
 * record; limited access gives records under its prefixes; nothing → 403.
 */
export function resolveScope(user: PermissionHolder, formNames: readonly string[], action: RecordAction): RecordScope {
  const scope = scopeOf(user, formNames, action);
  if (!scope) throw new AppError('FORBIDDEN', NOT_ALLOWED);
  return scope;
}

/** resolveScope without the 403: undefined when nothing grants the action. */
export function scopeOf(
  user: PermissionHolder,
  formNames: readonly string[],
  action: RecordAction,
): RecordScope | undefined {
  const names = formNames.length > 0 ? formNames : [''];
  if (names.some((name) => canUseForm(user, name, action))) return { restricted: false };
  const prefixes = limitedAccessPrefixes(user, action);
  if (prefixes.length > 0) return { restricted: true, prefixes };
  return undefined;
}

/**
 * Where a model's access key lives: its own combined_id, else the nearest ancestor's. A level
 * without combined_id that heads the chain under the program uses its code (the expedition level
 * in the drilling model); a model with neither (program, persons) is not restricted.
 */
export interface AccessKey {
  level: number;
  column: string;
  mode: 'combined' | 'code';
}

/**
 * Levels that identify themselves by a code instead of a combined_id (the original's limited access
 * matches an expedition by its code): model full name → code column. The engine names no model; the
 * domain registers its levels at start (register-behaviors.ts). The same for every app in a process.
 */
const CODE_COLUMNS = new Map<string, string>();

export function registerAccessCodeColumns(columns: Readonly<Record<string, string>>): void {
  for (const [model, column] of Object.entries(columns)) CODE_COLUMNS.set(model, column);
}
const PARENT_KEY_COLUMN = 'parent_combined_id';

export function accessKeyOf(model: RecordModel): AccessKey | undefined {
  const levels = [model.template, ...model.ancestors.map((a) => a.template)];
  for (const [level, template] of levels.entries()) {
    if (Object.hasOwn(template.columns, 'combined_id')) return { level, column: 'combined_id', mode: 'combined' };
    const code = CODE_COLUMNS.get(template.fullName);
    if (code !== undefined && Object.hasOwn(template.columns, code)) return { level, column: code, mode: 'code' };
  }
  // A model outside the chain that records the combined id of the record it belongs to (archive
  // files) is reached through that record; rows that belong to nothing are outside every prefix.
  if (!model.parentColumn && Object.hasOwn(model.template.columns, PARENT_KEY_COLUMN)) {
    return { level: 0, column: PARENT_KEY_COLUMN, mode: 'combined' };
  }
  return undefined;
}

/** Whether an access key value lies under a prefix (`5065_1` covers `5065_1` and `5065_1_A`, not `5065_10`). */
export function keyMatches(key: unknown, prefix: string, mode: AccessKey['mode']): boolean {
  if (key === null || key === undefined) return false;
  const text = textOf(key);
  if (mode === 'code') return text === prefix.split('_')[0];
  return text === prefix || text.startsWith(`${prefix}_`);
}

export function aliasOfLevel(model: RecordModel, level: number): string {
  return level === 0 ? 'r' : (model.ancestors[level - 1]?.alias ?? 'r');
}

/** The WHERE condition of a restricted scope, and how many levels it joins. */
export function scopeCondition(
  model: RecordModel,
  scope: RecordScope,
): { condition: RawBuilder<SqlBool>; level: number } | undefined {
  if (!scope.restricted) return undefined;
  const key = accessKeyOf(model);
  if (!key) return undefined;
  const ref = sql.ref(`${aliasOfLevel(model, key.level)}.${key.column}`);
  const conditions = scope.prefixes.map((prefix) => {
    if (key.mode === 'code') return sql<SqlBool>`${ref} = ${prefix.split('_')[0] ?? prefix}`;
    const boundary = `${prefix}_`;
    return sql<SqlBool>`(${ref} = ${prefix} OR substr(${ref}, 1, ${boundary.length}) = ${boundary})`;
  });
  return { condition: anyOf(conditions), level: key.level };
}

/** The conditions of a query narrowed to the scope (lists, lookups and filter lists alike). */
export function withScope(model: RecordModel, where: Conditions, scope: RecordScope): Conditions {
  const restriction = scopeCondition(model, scope);
  if (!restriction) return where;
  return { ...where, sql: [...where.sql, restriction.condition], level: Math.max(where.level, restriction.level) };
}

/** A single-record action on a record outside the scope is a 403. */
export function assertInScope(scope: RecordScope, key: AccessKey | undefined, value: unknown): void {
  if (!scope.restricted || !key) return;
  if (!scope.prefixes.some((prefix) => keyMatches(value, prefix, key.mode))) {
    throw new AppError('FORBIDDEN', NOT_ALLOWED);
  }
}
