import { z } from 'zod';

/** The list of upload file types: its abbreviations name storage sub-directories. */
export const UPLOAD_FILE_TYPE_LIST = 'UPLOAD_FILE_TYPE';
/** An UPLOAD_FILE_TYPE abbreviation: a directory name, so letters, _ and - only (spec 1 §5). */
export const UPLOAD_FILE_TYPE_PATTERN = /^[a-zA-Z_-]+$/;
/** A new list's name: it is written into templates (selectSource.listName) and query strings. */
export const LIST_NAME_PATTERN = /^[a-zA-Z0-9_-]+$/;
/** The default sort of a new list item (spec 1 §9). */
export const DEFAULT_LIST_ITEM_SORT = 0;
// `sort` is an integer column on both dialects.
const SORT_MAX = 2_147_483_647;

export const LIST_VALUE_MESSAGES = {
  listNotFound: (listname: string) => `Unable to find list with name ${listname}`,
  listIdNotFound: (listId: number) => `Unable to find list with id ${listId}`,
  itemNotFound: 'List item not found.',
  listRequired: 'Listname is required',
  listnameFormat: 'Listname may contain letters, digits, _ and - only.',
  listMismatch: 'listname and list_id name different lists.',
  moveNotAllowed: 'A list item cannot be moved to another list.',
  locked: 'This list is locked: only an administrator may change it or its items.',
  lockAdministratorOnly: 'Only an administrator may lock or unlock a value list.',
  displayRequired: 'Display is required',
  displayTooLong: 'Display must be less than 255 characters',
  displayTaken: (display: string) => `Display "${display}" has already been taken.`,
  uploadFileTypeDisplay:
    'Only a-z, A-Z, _ and - are allowed, without spaces: the abbreviation is used as a directory name.',
  sortNumber: 'Sort must be a number',
  sortInteger: 'Sort must be an integer',
  sortRange: `Sort must be >= ${-SORT_MAX - 1} and <= ${SORT_MAX}`,
} as const;

/**
 * What the list values form shows when a call fails, word for word as the original (spec 1 §8),
 * including its spelling 'happend'.
 * Kept here so the web form and its tests use the exact texts.
 */
export const LIST_VALUE_UI_MESSAGES = {
  loadItems: 'unable to load list items',
  loadInfo: 'unable to load list info',
  create: 'unable to create new list item',
  edit: 'unable to edit list item',
  delete: 'an error happend while deleting the item',
  toggleLock: 'unable to toggle list lock',
  updateUri: 'unable to update list uri',
} as const;

/** One item of a value list, as `api/v1/list-values` answers it. */
export const listValueSchema = z.object({
  id: z.number().int(),
  list_id: z.number().int(),
  listname: z.string(),
  display: z.string(),
  remark: z.string().nullable(),
  uri: z.string().nullable(),
  sort: z.number().int(),
});
export type ListValue = z.infer<typeof listValueSchema>;

/** The list itself: `api/v1/list-values/list?listname=`. */
export const listInfoSchema = z.object({
  id: z.number().int(),
  listname: z.string(),
  is_locked: z.boolean(),
  list_uri: z.string().nullable(),
});
export type ListInfo = z.infer<typeof listInfoSchema>;

// A form sends numbers as text and an emptied input as '' or null: both mean the default sort.
const sortField = z
  .union([z.number(), z.string(), z.null()], { error: LIST_VALUE_MESSAGES.sortNumber })
  .transform((value, ctx) => {
    const text = typeof value === 'string' ? value.trim() : value;
    if (text === null || text === '') return DEFAULT_LIST_ITEM_SORT;
    const sort = typeof text === 'number' ? text : /^[-+]?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isFinite(sort)) ctx.addIssue({ code: 'custom', message: LIST_VALUE_MESSAGES.sortNumber });
    else if (!Number.isInteger(sort)) ctx.addIssue({ code: 'custom', message: LIST_VALUE_MESSAGES.sortInteger });
    else if (Math.abs(sort) > SORT_MAX) ctx.addIssue({ code: 'custom', message: LIST_VALUE_MESSAGES.sortRange });
    return sort;
  });

const optionalText = (label: string, max: number) =>
  z
    .string()
    .max(max, `${label} must be less than ${max} characters`)
    .nullish()
    .transform((value) => (value === '' ? null : value));

const itemFields = {
  display: z
    .string({ error: LIST_VALUE_MESSAGES.displayRequired })
    .trim()
    .min(1, LIST_VALUE_MESSAGES.displayRequired)
    .max(255, LIST_VALUE_MESSAGES.displayTooLong),
  remark: optionalText('Remark', 65_535),
  uri: optionalText('Uri', 1024),
  sort: sortField,
  list_id: z.coerce.number().int().positive(),
  listname: z.string().trim().min(1, LIST_VALUE_MESSAGES.listRequired).max(255),
};

/** A new item; `listname` may stand in for `list_id` (the list is created if it does not exist yet). */
export const listValueCreateSchema = z.object({
  ...itemFields,
  remark: itemFields.remark.optional(),
  uri: itemFields.uri.optional(),
  sort: itemFields.sort.optional(),
  list_id: itemFields.list_id.optional(),
  listname: itemFields.listname.optional(),
});
export type ListValueCreate = z.infer<typeof listValueCreateSchema>;

/** Every field optional; an absent one is left unchanged. list_id/listname may only repeat the item's list. */
export const listValueUpdateSchema = z.object(itemFields).partial();
export type ListValueUpdate = z.infer<typeof listValueUpdateSchema>;

/** `PUT list-values/list?listname=`: the lock (administrator only) and the list's uri. */
export const listInfoUpdateSchema = z.object({
  is_locked: z
    .union([z.boolean(), z.literal(0), z.literal(1)], { error: 'is_locked must be a boolean' })
    .transform((value) => value === true || value === 1)
    .optional(),
  list_uri: optionalText('List uri', 1024).optional(),
});
export type ListInfoUpdate = z.infer<typeof listInfoUpdateSchema>;

/**
 * `GET list-values?filter[listname]=X` (the original client's form) or `?listname=X`: the items of
 * one list (every list without either). Other generic list parameters (fields, per-page) are
 * accepted and ignored: a value list is always answered whole.
 */
export const listValuesQuerySchema = z.looseObject({
  'filter[listname]': z.string().trim().optional(),
  listname: z.string().trim().optional(),
});
export type ListValuesQuery = z.infer<typeof listValuesQuerySchema>;

export const listNameQuerySchema = z.object({ listname: z.string().trim().min(1) });
