import {
  AppError,
  DEFAULT_LIST_ITEM_SORT,
  LIST_NAME_PATTERN,
  LIST_VALUE_MESSAGES,
  type ListInfo,
  type ListInfoUpdate,
  type ListValue,
  type ListValueCreate,
  type ListValueUpdate,
  validationError,
} from '@mdis/shared';
import type { Updateable } from 'kysely';
import type { Db } from '../../infra/db/schema';
import {
  assertDisplayAllowed,
  assertMayChangeList,
  isAdministrator,
  type ListActor,
  listNotFound,
  toListInfo,
  toListValue,
} from './list-values.guards';
import type {
  ListValuesRepository,
  ValueListItemRow,
  ValueListItemsTable,
  ValueListRow,
  ValueListsTable,
} from './list-values.repository';

export interface ListValuesDeps {
  db: Db;
  lists: ListValuesRepository;
}

const invalid = (field: string, message: string) => validationError([{ field, message }]);

export const itemNotFound = () => new AppError('NOT_FOUND', LIST_VALUE_MESSAGES.itemNotFound);

function itemChanges(input: ListValueUpdate): Updateable<ValueListItemsTable> {
  const changes: Updateable<ValueListItemsTable> = {};
  if (input.display !== undefined) changes.display = input.display;
  if (input.remark !== undefined) changes.remark = input.remark;
  if (input.uri !== undefined) changes.uri = input.uri;
  if (input.sort !== undefined) changes.sort = input.sort;
  return changes;
}

/** An update may repeat the item's list (forms send the whole item back) but not name another. */
function assertSameList(input: ListValueUpdate, list: ValueListRow): void {
  if (input.list_id !== undefined && input.list_id !== list.id) {
    throw invalid('list_id', LIST_VALUE_MESSAGES.moveNotAllowed);
  }
  if (input.listname !== undefined && input.listname !== list.listname) {
    throw invalid('listname', LIST_VALUE_MESSAGES.moveNotAllowed);
  }
}

async function findItemOrThrow(lists: ListValuesRepository, id: number, trx: Db): Promise<ValueListItemRow> {
  const row = await lists.findItem(id, trx);
  if (!row) throw itemNotFound();
  return row;
}

/** The item and its list, the list locked; the item is read again after the lock. */
async function lockedItem(
  lists: ListValuesRepository,
  id: number,
  trx: Db,
): Promise<{ item: ValueListItemRow; list: ValueListRow }> {
  const list = await lists.lockListById((await findItemOrThrow(lists, id, trx)).list_id, trx);
  if (!list) throw itemNotFound();
  return { item: await findItemOrThrow(lists, id, trx), list };
}

/**
 * The list a new item goes into, locked for the transaction. `list_id` wins; a `listname`
 * that names no list yet creates it, as the original does (on POST only, never on a read).
 */
async function targetList(lists: ListValuesRepository, input: ListValueCreate, trx: Db): Promise<ValueListRow> {
  if (input.list_id !== undefined) {
    const list = await lists.lockListById(input.list_id, trx);
    if (!list) throw invalid('list_id', LIST_VALUE_MESSAGES.listIdNotFound(input.list_id));
    if (input.listname !== undefined && input.listname !== list.listname) {
      throw invalid('listname', LIST_VALUE_MESSAGES.listMismatch);
    }
    return list;
  }
  if (input.listname === undefined) throw invalid('listname', LIST_VALUE_MESSAGES.listRequired);
  const existing = await lists.lockListByName(input.listname, trx);
  if (existing) return existing;
  if (!LIST_NAME_PATTERN.test(input.listname)) throw invalid('listname', LIST_VALUE_MESSAGES.listnameFormat);
  await lists.ensureList(input.listname, trx);
  const created = await lists.lockListByName(input.listname, trx);
  if (!created) throw listNotFound(input.listname);
  return created;
}

/**
 * Every change to a list or its items runs in one transaction that first locks the list row
 * (PostgreSQL; SQLite writes one at a time anyway): the lock check and the unique-display check
 * then see no concurrent change.
 */
export function createListValuesWrites({ db, lists }: ListValuesDeps) {
  return {
    create: (actor: ListActor, input: ListValueCreate): Promise<ListValue> =>
      db.transaction().execute(async (trx) => {
        const list = await targetList(lists, input, trx);
        assertMayChangeList(list, actor);
        assertDisplayAllowed(list, input.display, await lists.displaysOf(list.id, trx));
        const id = await lists.insertItem(
          {
            list_id: list.id,
            display: input.display,
            remark: input.remark ?? null,
            uri: input.uri ?? null,
            sort: input.sort ?? DEFAULT_LIST_ITEM_SORT,
          },
          trx,
        );
        return toListValue(await findItemOrThrow(lists, id, trx));
      }),

    update: (actor: ListActor, id: number, input: ListValueUpdate): Promise<ListValue> =>
      db.transaction().execute(async (trx) => {
        const { item, list } = await lockedItem(lists, id, trx);
        assertSameList(input, list);
        assertMayChangeList(list, actor);
        // An unchanged display is not re-checked: editing the remark of an old entry stays possible.
        if (input.display !== undefined && input.display !== item.display) {
          assertDisplayAllowed(list, input.display, await lists.displaysOf(list.id, trx), id);
        }
        const changes = itemChanges(input);
        if (Object.keys(changes).length > 0) await lists.updateItem(id, changes, trx);
        return toListValue(await findItemOrThrow(lists, id, trx));
      }),

    delete: (actor: ListActor, id: number): Promise<void> =>
      db.transaction().execute(async (trx) => {
        const { list } = await lockedItem(lists, id, trx);
        assertMayChangeList(list, actor);
        await lists.deleteItem(id, trx);
      }),

    /** Only an administrator changes the lock; the uri of a locked list is the administrator's too. */
    updateListInfo: (actor: ListActor, listname: string, input: ListInfoUpdate): Promise<ListInfo> =>
      db.transaction().execute(async (trx) => {
        const list = await lists.lockListByName(listname, trx);
        const isLocked = input.is_locked === undefined ? undefined : input.is_locked ? 1 : 0;
        // Sending the unchanged lock back (a form saving the uri) is no lock change. Authorization
        // comes first: a lock change is the administrator's, whether or not the list exists.
        if (isLocked !== undefined && isLocked !== list?.is_locked && !isAdministrator(actor)) {
          throw new AppError('FORBIDDEN', LIST_VALUE_MESSAGES.lockAdministratorOnly);
        }
        if (!list) throw listNotFound(listname);
        if (input.list_uri !== undefined && input.list_uri !== list.list_uri) assertMayChangeList(list, actor);
        const changes: Updateable<ValueListsTable> = {};
        if (isLocked !== undefined) changes.is_locked = isLocked;
        if (input.list_uri !== undefined) changes.list_uri = input.list_uri;
        if (Object.keys(changes).length > 0) await lists.updateList(list.id, changes, trx);
        return toListInfo((await lists.lockListById(list.id, trx)) ?? list);
      }),
  };
}
