import { AppError, type HistoryEntry, type PermissionHolder } from '@mdis/shared';
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

/** A row of an m:n link added or removed (the join tables' triggers write them). */
export const isLinkRow = (row: Pick<HistoryRow, 'action'>) => row.action === 'link' || row.action === 'unlink';

export function parseChanges(row: HistoryRow): Row {
  return JSON.parse(row.changes) as Row;
}

const side = (changes: Row, index: 0 | 1): Row =>
  Object.fromEntries(Object.entries(changes).map(([key, pair]) => [key, (pair as unknown[])[index]]));

/** Stored values → the API's values (arrays for multi-values, numbers as numbers), column by column. */
function presentChanges(model: RecordModel | undefined, row: HistoryRow): Row {
  const changes = parseChanges(row);
  if (!model || isLinkRow(row)) return changes;
  if (row.action !== 'update') return presentRow(model, changes);
  const before = presentRow(model, side(changes, 0));
  const after = presentRow(model, side(changes, 1));
  return Object.fromEntries(Object.keys(changes).map((key) => [key, [before[key], after[key]]]));
}

/** Link rows' changes as the API shows them, by row id (history-links.ts). */
export type LinkPresenter = (
  user: PermissionHolder,
  model: RecordModel,
  rows: HistoryRow[],
) => Promise<Map<number, Row>>;

/** Models and tables as the history names them, and its rows as the API shows them. */
export function createHistoryEntries(templates: TemplateSource, presentLinks?: LinkPresenter) {
  async function modelOf(fullName: string) {
    const template = await templates.getModel(fullName);
    if (!template) throw new AppError('NOT_FOUND', HISTORY_MESSAGES.unknownModel(fullName));
    return { template, model: await loadRecordModel(templates, fullName) };
  }

  async function modelsByTable(): Promise<Map<string, string>> {
    const models = await templates.listModels();
    return new Map(models.map((model) => [model.table, model.fullName]));
  }

  /** The record models of the rows' tables (undefined: a system table), loaded once each. */
  async function modelsOf(rows: HistoryRow[], modelName?: string) {
    const names = modelName ? undefined : await modelsByTable();
    const fullNames = new Map<number, string>();
    const models = new Map<string, RecordModel | undefined>();
    for (const row of rows) {
      const fullName = modelName ?? names?.get(row.table_name) ?? row.table_name;
      fullNames.set(row.id, fullName);
      if (models.has(fullName)) continue;
      const exists = await templates.getModel(fullName);
      models.set(fullName, exists ? await loadRecordModel(templates, fullName) : undefined);
    }
    return { fullNames, models };
  }

  /** Link rows' changes, one presenter call per model on the page. */
  async function linkChanges(user: PermissionHolder, rows: HistoryRow[], models: Map<string, RecordModel | undefined>) {
    const presented = new Map<number, Row>();
    if (!presentLinks) return presented;
    for (const model of models.values()) {
      const linkRows = rows.filter((row) => isLinkRow(row) && row.table_name === model?.table);
      if (!model || linkRows.length === 0) continue;
      for (const [id, changes] of await presentLinks(user, model, linkRows)) presented.set(id, changes);
    }
    return presented;
  }

  return {
    modelOf,
    modelsByTable,

    /** A model's table; the system tables with a history (users, value lists) go by their own names. */
    async tableOf(name: string): Promise<string> {
      if (SYSTEM_HISTORY_TABLES.some((system) => system.table === name)) return name;
      return (await modelOf(name)).template.table;
    },

    /** Rows as `user` reads them (the partners of links shown only where `user` may view them). */
    async toEntries(user: PermissionHolder, rows: HistoryRow[], modelName?: string): Promise<HistoryEntry[]> {
      const { fullNames, models } = await modelsOf(rows, modelName);
      const links = await linkChanges(user, rows, models);
      return rows.map((row) => {
        const fullName = fullNames.get(row.id) ?? row.table_name;
        return {
          id: row.id,
          at: row.at,
          action: row.action,
          model: fullName,
          recordId: row.record_id,
          user: { id: row.user_id, name: row.user_name },
          batchId: row.batch_id,
          route: row.route,
          client: row.client,
          changes: links.get(row.id) ?? presentChanges(models.get(fullName), row),
        };
      });
    },
  };
}

export type HistoryEntries = ReturnType<typeof createHistoryEntries>;
