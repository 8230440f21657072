import { validateRecord, type FormTemplate, type ModelTemplate } from '@mdis/shared';
import { toApiError } from '../../platform/api/toApiError';
import { recordKey, type StoredRecord } from './offlineDb';
import {
  dropRecord,
  enqueue,
  isIdColumn,
  nextTempId,
  PENDING_TEXT,
  pendingText,
  present,
  putRecord,
  queue,
  replaceQueue,
  storedRecord,
  storedRecordsOfModel,
  tempIdOf,
  operationId,
} from './offlineStore';
import { provisionalValues } from './offlineIdentifiers';
import { notifyOfflineChange } from './offlineStatus';

/**
 * Create, edit and delete while the server cannot be reached (issue 22 item 4): the store shows
 * the change at once, marked pending, and the queue keeps the operation for the next sync.
 */

type Row = Record<string, unknown>;

/** What the server would refuse, refused here already with its messages (the shared validator). */
function validate(form: FormTemplate, model: ModelTemplate | undefined, values: Row): void {
  const errors = validateRecord(form, values, model?.columns);
  if (errors.length > 0) throw toApiError(422, errors);
}

/** A value as the server is told it: ids of records created offline become their tempIds. */
function toServerValue(column: string, value: unknown): unknown {
  if (!isIdColumn(column)) return value;
  if (typeof value === 'number' && value < 0) return tempIdOf(value);
  if (Array.isArray(value))
    return value.map((item: unknown) => (typeof item === 'number' && item < 0 ? tempIdOf(item) : item));
  return value;
}

/** The values a queued operation carries: not the id, nor a pending field as it was shown. */
function operationValues(values: Row, shown?: Pick<StoredRecord, 'pendingFields' | 'provisional'>): Row {
  const pendingFields = shown?.pendingFields ?? [];
  const asShown = (column: string, value: unknown) =>
    pendingFields.includes(column) && (value === PENDING_TEXT || value === pendingText(shown ?? {}, column));
  return Object.fromEntries(
    Object.entries(values)
      .filter(([column, value]) => column !== 'id' && !asShown(column, value))
      .map(([column, value]) => [column, toServerValue(column, value)]),
  );
}

/** Read-only text fields the server fills (combined id, IGSN): shown "pending" until it has. */
function serverAssigned(form: FormTemplate, model: ModelTemplate | undefined, values: Row): string[] {
  return form.fields
    .filter((field) => field.formInput.disabled && (values[field.name] ?? '') === '')
    .filter((field) => (model?.columns[field.name]?.type ?? 'string') === 'string')
    .map((field) => field.name);
}

const serverId = (id: number): number | string => (id < 0 ? tempIdOf(id) : id);

/**
 * The filter-bar columns of a new record (expedition_id, hole_id, ...) that the server's list
 * derives from its parents, taken from the parent kept offline: the lists find the record then.
 */
async function withAncestorRefs(form: FormTemplate, values: Row): Promise<Row> {
  const refs = Object.values(form.filterDataModels).map((definition) => definition.ref);
  const shown = { ...values };
  for (const filter of form.requiredFilters) {
    const definition = Object.hasOwn(form.filterDataModels, filter.value)
      ? form.filterDataModels[filter.value]
      : undefined;
    const parentId = Number(values[filter.as]);
    if (!definition || !Number.isInteger(parentId)) continue;
    const parent = (await storedRecordsOfModel(definition.model)).find((row) => row.id === parentId);
    for (const ref of refs)
      if ((shown[ref] ?? null) === null && parent && Object.hasOwn(parent.record, ref)) shown[ref] = parent.record[ref];
  }
  return shown;
}

export async function createOffline(form: FormTemplate, model: ModelTemplate | undefined, values: Row): Promise<Row> {
  validate(form, model, values);
  const id = await nextTempId();
  const pendingFields = serverAssigned(form, model, values);
  const record = { ...(await withAncestorRefs(form, values)), id };
  const stored: StoredRecord = {
    key: recordKey(form.name, id),
    form: form.name,
    model: form.dataModel,
    id,
    record,
    pending: 'create',
    pendingFields,
    provisional: await provisionalValues(model, record),
  };
  await putRecord(stored);
  await enqueue({
    opId: operationId(),
    form: form.name,
    action: 'create',
    tempId: tempIdOf(id),
    values: operationValues(values, { pendingFields }),
  });
  notifyOfflineChange();
  return present(stored);
}

export async function updateOffline(
  form: FormTemplate,
  model: ModelTemplate | undefined,
  id: number,
  values: Row,
): Promise<Row> {
  const current = await storedRecord(form.name, id);
  if (!current) throw toApiError(404, { message: 'The record is not kept offline.' });
  validate(form, model, values);
  const record = { ...current.record, ...values, id };
  const stored: StoredRecord = {
    ...current,
    record,
    pending: current.pending ?? 'update',
    // a renamed record made offline: its provisional combined id follows
    ...(current.pending === 'create' ? { provisional: await provisionalValues(model, record) } : {}),
  };
  await putRecord(stored);
  await enqueue({
    opId: operationId(),
    form: form.name,
    action: 'update',
    id: serverId(id),
    ...(current.version === undefined ? {} : { baseVersion: current.version }),
    values: operationValues(values, current),
  });
  notifyOfflineChange();
  return present(stored);
}

/** A record created offline and deleted before any sync simply disappears, with its queued changes. */
export async function deleteOffline(form: FormTemplate, id: number): Promise<void> {
  const current = await storedRecord(form.name, id);
  if (!current) throw toApiError(404, { message: 'The record is not kept offline.' });
  if (current.pending === 'create') {
    const tempId = tempIdOf(id);
    await replaceQueue((await queue()).filter((op) => op.tempId !== tempId && op.id !== tempId));
    await dropRecord(form.name, id);
  } else {
    await putRecord({ ...current, pending: 'delete' });
    await enqueue({
      opId: operationId(),
      form: form.name,
      action: 'delete',
      id,
      ...(current.version === undefined ? {} : { baseVersion: current.version }),
    });
  }
  notifyOfflineChange();
}
