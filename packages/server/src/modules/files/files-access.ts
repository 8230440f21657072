import { type PermissionHolder } from '@mdis/shared';
import {
  keyMatches,
  type RecordAction,
  type RecordScope,
  NOT_ALLOWED,
  resolveScope,
} from '../../engine/records/record-access';
import { AppError } from '@mdis/shared';

export const FILES_FORM = 'files';

/**
 * Which files a user may view or change: every file (the files form's permission or a role), the
 * files of records under its limited-access prefixes, or none (403). Checked before anything
 * else of a files call is looked at.
 */
export function fileScope(user: PermissionHolder, action: RecordAction): RecordScope {
  return resolveScope(user, [FILES_FORM], action);
}

/** A file may only be attached to a record inside the scope: `combinedId` is that record's. */
export function assertRecordInScope(scope: RecordScope, combinedId: string): void {
  if (!scope.restricted) return;
  if (!scope.prefixes.some((prefix) => keyMatches(combinedId, prefix, 'combined'))) {
    throw new AppError('FORBIDDEN', NOT_ALLOWED);
  }
}
