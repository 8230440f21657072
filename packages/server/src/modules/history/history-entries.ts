import { AppError, type HistoryEntry } from '@mdis/shared';
import { type RecordModel, type TemplateSource, loadRecordModel } from '../../engine/records/record-model';
import { presentRow } from '../../engine/records/steps/present';
import { SYSTEM_HISTORY_TABLES } from '../../infra/db/history-triggers';
import type { HistoryRow } from './history.repository';

type Row = Record<string, unknown>;

export const HISTORY_MESSAGES = {
  unknownModel: (model: string) => `There is no model named ${model}.`,
  entryNotFound: 'This version of the record does not exist.',
  deletedRecord: 'The record has been deleted; restore it from its deletion instead.',
  recordExists: 'The record exists again; restore its versions from its own history.',
  parentGone: (parent: string, id: number) =>
    `The record cannot be restored: its parent (${parent} ${id}) no longer exists. Restore the parent first.`,
  nothingToRestore: 'The record already has these values.',
  nothingBefore: 'Only a change has a previous version.',
  unknownFields: (fields: string[]) => `These fields are not part of the record: ${fields.join(', ')}.`,
} as const;

export function parseChanges(row: HistoryRow): Row {
  return JSON.parse(row.changes) as Row;
}

const side = (changes: Row, index: 0 | 1): Row =>
  Object.fromEntries(Object.entries(changes).map(([key, pair]) => [key, (pair as unknown[])[index]]));

/** Stored values → the API's values (arrays for multi-values, numbers as numbers), column by column. */
function presentChanges(model: RecordModel | undefined, row: HistoryRow): Row {
  const changes = parseChanges(row);
  if (!model) return changes;
  if (row.action !== 'update') return presentRow(model, changes);
  const before = presentRow(model, side(changes, 0));
  const after = presentRow(model, side(changes, 1));
  return Object.fromEntries(Object.keys(changes).map((key) => [key, [before[key], after[key]]]));
}

/** Models and tables as the history names them, and its rows as the API shows them. */
export function createHistoryEntries(templates: TemplateSource) {
  async function modelOf(fullName: string) {
    const template = await templates.getModel(fullName);
    if (!template) throw new AppError('NOT_FOUND', HISTORY_MESSAGES.unknownModel(fullName));
    return { template, model: await loadRecordModel(templates, fullName) };
  }

  async function modelsByTable(): Promise<Map<string, string>> {
    const models = await templates.listModels();
    return new Map(models.map((model) => [model.table, model.fullName]));
  }

  return {
    modelOf,
    modelsByTable,

    /** A model's table; the system tables with a history (users, value lists) go by their own names. */
    async tableOf(name: string): Promise<string> {
      if (SYSTEM_HISTORY_TABLES.some((system) => system.table === name)) return name;
      return (await modelOf(name)).template.table;
    },

    async toEntries(rows: HistoryRow[], modelName?: string): Promise<HistoryEntry[]> {
      const names = modelName ? undefined : await modelsByTable();
      const models = new Map<string, RecordModel | undefined>();
      const entries: HistoryEntry[] = [];
      for (const row of rows) {
        const fullName = modelName ?? names?.get(row.table_name) ?? row.table_name;
        if (!models.has(fullName)) {
          const exists = await templates.getModel(fullName);
          models.set(fullName, exists ? await loadRecordModel(templates, fullName) : undefined);
        }
        entries.push({
          id: row.id,
          at: row.at,
          action: row.action,
          model: fullName,
          recordId: row.record_id,
          user: { id: row.user_id, name: row.user_name },
          batchId: row.batch_id,
          route: row.route,
          client: row.client,
          changes: presentChanges(models.get(fullName), row),
        });
      }
      return entries;
    },
  };
}

export type HistoryEntries = ReturnType<typeof createHistoryEntries>;
