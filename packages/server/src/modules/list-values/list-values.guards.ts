import {
  AppError,
  hasRole,
  isReadOnly,
  LIST_VALUE_MESSAGES,
  type ListInfo,
  type ListValue,
  UPLOAD_FILE_TYPE_LIST,
  UPLOAD_FILE_TYPE_PATTERN,
  validationError,
} from '@mdis/shared';
import { FORBIDDEN_MESSAGE } from '../../infra/auth/access-control';
import type { ValueListItemRow, ValueListRow } from './list-values.repository';

/** Who changes a list: only the roles matter (a locked list is the administrator's). */
export interface ListActor {
  roles: readonly string[];
}

export const isAdministrator = (actor: ListActor): boolean => hasRole(actor.roles, 'administrator');

/**
 * Reading lists is for viewers and read-only users: forms show list texts to both. The route rule
 * cannot say "viewer or readOnly" (readOnly stands outside the hierarchy), so reads check it here.
 */
export function assertMayRead(actor: ListActor): void {
  if (!hasRole(actor.roles, 'viewer') && !actor.roles.includes('readOnly')) {
    throw new AppError('FORBIDDEN', FORBIDDEN_MESSAGE);
  }
}

/**
 * The route rule lets operators in; a read-only user never changes data even when it also holds
 * operator (the role check alone cannot see that).
 */
export function assertMayWrite(actor: ListActor): void {
  if (isReadOnly(actor.roles)) throw new AppError('FORBIDDEN', FORBIDDEN_MESSAGE);
}

/** Items of a locked list, and the list itself, change only by an administrator (spec 1 §6). */
export function assertMayChangeList(list: ValueListRow, actor: ListActor): void {
  if (list.is_locked === 1 && !isAdministrator(actor)) throw new AppError('FORBIDDEN', LIST_VALUE_MESSAGES.locked);
}

/**
 * A display is unique within its list. UPLOAD_FILE_TYPE abbreviations name directories: letters,
 * _ and - only, and unique regardless of case (CS and cs would share a folder on some disks).
 */
export function assertDisplayAllowed(
  list: ValueListRow,
  display: string,
  siblings: readonly { id: number; display: string }[],
  exceptId?: number,
): void {
  const isUploadType = list.listname === UPLOAD_FILE_TYPE_LIST;
  if (isUploadType && !UPLOAD_FILE_TYPE_PATTERN.test(display)) {
    throw validationError([{ field: 'display', message: LIST_VALUE_MESSAGES.uploadFileTypeDisplay }]);
  }
  const key = (value: string) => (isUploadType ? value.toLowerCase() : value);
  const taken = siblings.some((item) => item.id !== exceptId && key(item.display) === key(display));
  if (taken) throw validationError([{ field: 'display', message: LIST_VALUE_MESSAGES.displayTaken(display) }]);
}

export function listNotFound(listname: string): AppError {
  return new AppError('NOT_FOUND', LIST_VALUE_MESSAGES.listNotFound(listname));
}

export const toListValue = (row: ValueListItemRow): ListValue => ({
  id: row.id,
  list_id: row.list_id,
  listname: row.listname,
  display: row.display,
  remark: row.remark,
  uri: row.uri,
  sort: row.sort,
});

export const toListInfo = (row: ValueListRow): ListInfo => ({
  id: row.id,
  listname: row.listname,
  is_locked: row.is_locked === 1,
  list_uri: row.list_uri,
});
