import { AppError, type PermissionHolder } from '@mdis/shared';
import type { RecordModel, TemplateSource } from '../../engine/records/record-model';
import type { ManyToManyColumn } from '../../engine/records/record-relations';
import type { RecordsService } from '../../engine/records/records.service';
import { parseChanges } from './history-entries';
import type { HistoryRepository, HistoryRow } from './history.repository';

/** A link row's partner: its join-table column (the row's only key) and its id. */
export interface StoredLink {
  joinColumn: string;
  partnerId: number;
}

/** What the join tables' triggers store in a link or unlink row: `{ "<partner's join column>": id }`. */
export function storedLink(row: HistoryRow): StoredLink | undefined {
  const entry = Object.entries(parseChanges(row)).at(0);
  return entry ? { joinColumn: entry[0], partnerId: Number(entry[1]) } : undefined;
}

/** The model's m:n column a link row belongs to: the one whose join column points at the partner. */
export function linkColumn(model: RecordModel, link: StoredLink): ManyToManyColumn | undefined {
  return model.relations.manyToMany.find((column) => column.relatedColumn === link.joinColumn);
}

// A display column holds text or a number; anything else (a list, nothing) shows the id instead.
const displayText = (value: unknown): string | null =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : null;

export interface HistoryLinksDeps {
  repository: HistoryRepository;
  records: RecordsService;
  templates: TemplateSource;
}

const globalRef = (model: string) => ({ kind: 'global', name: model }) as const;

/** Partners of links as people read them, and the links a deletion removed. */
export function createHistoryLinks({ repository, records, templates }: HistoryLinksDeps) {
  const modelsByTable = async () => new Map((await templates.listModels()).map((m) => [m.table, m.fullName]));

  /**
   * Of `ids` of `table`: the ones `user` may view, with their `display` column's value: one query.
   * A partner out of the user's reach is left out, as if it did not exist.
   */
  async function visible(user: PermissionHolder, table: string, ids: number[], display?: string) {
    const model = (await modelsByTable()).get(table);
    const found = new Map<number, unknown>();
    if (!model || ids.length === 0) return found;
    const fields = display ? ['id', display] : ['id'];
    try {
      const list = await records.list(user, globalRef(model), { fields, page: 1, 'per-page': -1 }, { ids });
      for (const item of list.items) found.set(Number(item.id), display ? item[display] : null);
    } catch (error) {
      if (!(error instanceof AppError) || (error.code !== 'FORBIDDEN' && error.code !== 'NOT_FOUND')) throw error;
    }
    return found;
  }

  /**
   * Displays of deleted partners, from their deletions' stored values; only for who may view every
   * record of the partner's model (deleted records are out of every scope).
   */
  async function deletedDisplays(user: PermissionHolder, table: string, ids: number[], display: string) {
    const found = new Map<number, unknown>();
    const model = (await modelsByTable()).get(table);
    if (!model || ids.length === 0) return found;
    const scope = await records.scope(user, globalRef(model), 'view').catch(() => undefined);
    if (!scope || scope.restricted) return found;
    for (const row of await repository.deletions(table, ids)) found.set(row.record_id, parseChanges(row)[display]);
    return found;
  }

  return {
    /**
     * Link rows' changes as the API shows them, `{ column: { id, display } }`: per m:n column, one
     * query for the partners on the page (and one for those deleted since).
     */
    async present(user: PermissionHolder, model: RecordModel, rows: HistoryRow[]) {
      const presented = new Map<number, Record<string, unknown>>();
      const byColumn = new Map<ManyToManyColumn | undefined, { row: HistoryRow; link: StoredLink }[]>();
      for (const row of rows) {
        const link = storedLink(row);
        if (!link) continue;
        const column = linkColumn(model, link);
        byColumn.set(column, [...(byColumn.get(column) ?? []), { row, link }]);
      }
      for (const [column, links] of byColumn) {
        const ids = [...new Set(links.map(({ link }) => link.partnerId))];
        const live = column
          ? await visible(user, column.relatedTable, ids, column.displayColumn)
          : new Map<number, unknown>();
        const gone = ids.filter((id) => !live.has(id));
        const deleted =
          column?.displayColumn && gone.length > 0
            ? await deletedDisplays(user, column.relatedTable, gone, column.displayColumn)
            : new Map<number, unknown>();
        for (const { row, link } of links) {
          // null: the partner has no display column, or is out of reach (the web shows its id).
          const display = live.get(link.partnerId) ?? deleted.get(link.partnerId) ?? null;
          presented.set(row.id, {
            [column?.name ?? link.joinColumn]: {
              id: link.partnerId,
              display: displayText(display),
            },
          });
        }
      }
      return presented;
    },

    /**
     * The links a record had when `deletion` removed it (the unlink rows its cascade wrote, next to
     * the deletion in its batch), by m:n column, to the partners that still exist and `user` may view.
     */
    async atDeletion(user: PermissionHolder, model: RecordModel, deletion: HistoryRow) {
      const rows = await repository.inBatch(deletion.table_name, deletion.record_id, deletion.batch_id);
      const at = rows.findIndex((row) => row.id === deletion.id);
      const adjacent = (step: 1 | -1) => {
        const run: HistoryRow[] = [];
        for (let i = at + step; rows[i]?.action === 'unlink'; i += step) run.push(rows[i]);
        return run;
      };
      const ids = new Map<ManyToManyColumn, number[]>();
      for (const row of [...adjacent(-1), ...adjacent(1)]) {
        const link = storedLink(row);
        const column = link ? linkColumn(model, link) : undefined;
        if (column && link) ids.set(column, [...(ids.get(column) ?? []), link.partnerId]);
      }
      const values: Record<string, number[]> = {};
      for (const [column, partners] of ids) {
        const existing = await visible(user, column.relatedTable, partners);
        values[column.name] = partners.filter((id) => existing.has(id)).sort((a, b) => a - b);
      }
      return values;
    },
  };
}

export type HistoryLinks = ReturnType<typeof createHistoryLinks>;
