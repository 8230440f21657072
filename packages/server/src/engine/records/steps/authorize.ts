import type { PermissionHolder } from '@mdis/shared';
import {
  type RecordAction,
  type RecordScope,
  accessKeyOf,
  assertInScope,
  keyMatches,
  resolveScope,
  NOT_ALLOWED,
} from '../record-access';
import { AppError } from '@mdis/shared';
import type { RecordTarget } from '../record-target';
import type { Row } from '../dynamic-db';

export const ACCESS_KEY = '__access_key';

/** Step 1: may the user do `action` on this form/model at all, and on which records. */
export function authorize(user: PermissionHolder, target: RecordTarget, action: RecordAction): RecordScope {
  return resolveScope(user, target.formNames, action);
}

/** A stored record (selected with its hidden access key) outside the scope → 403. */
export function authorizeRecord(scope: RecordScope, target: RecordTarget, row: Row): void {
  assertInScope(scope, accessKeyOf(target.model), row[ACCESS_KEY]);
}

/**
 * Creating (or moving a record) under a parent: with limited access the parent must lie under a
 * prefix (reference §5.6: "create/defaults check the parent of the posted record").
 */
export function authorizeParent(scope: RecordScope, parentKey: unknown, parentRestricted: boolean): void {
  if (!scope.restricted || !parentRestricted) return;
  if (!scope.prefixes.some((prefix) => keyMatches(parentKey, prefix, 'combined'))) {
    throw new AppError('FORBIDDEN', NOT_ALLOWED);
  }
}
