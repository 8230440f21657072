import { type ModelTemplate, isStoredColumnType } from '@mdis/shared';
import type {
  BehaviorRegistry,
  ColumnSql,
  PresentContext,
  RecordValues,
} from '../../../engine/behaviors/behavior-registry';
import { coreboxSplitsFiller, coreboxStorageFiller } from './corebox-fillers';
import type { Dialect } from '../../../infra/db/dialect';
import { depthRefreshHooks } from './depth-refresh';
import type { DepthFiller } from './depth-sql';
import { coreSplitStatusFiller, holeDepthFiller } from './hole-core-fillers';
import { lithologyDepthFiller, sampleDepthFiller } from './sample-lithology-fillers';
import { sectionDepthFiller, splitDepthFiller } from './section-split-fillers';

export const DEPTH_MODEL_BEHAVIOR = 'DepthModelBehavior';

const FILLERS: readonly DepthFiller[] = [
  holeDepthFiller,
  coreSplitStatusFiller,
  sectionDepthFiller,
  splitDepthFiller,
  sampleDepthFiller,
  lithologyDepthFiller,
  coreboxStorageFiller,
  coreboxSplitsFiller,
];

// A pseudo column with a pseudoCalc is the expression language's (a curator may have written one);
// the depth model fills only those the template leaves empty.
function openPseudoColumns(model: ModelTemplate): Set<string> {
  return new Set(
    Object.values(model.columns)
      .filter((column) => column.type === 'pseudo' && (column.pseudoCalc ?? '').trim() === '')
      .map((column) => column.name),
  );
}

function storedColumns(model: ModelTemplate): Set<string> {
  return new Set(
    Object.values(model.columns)
      .filter((column) => isStoredColumnType(column.type))
      .map((column) => column.name),
  );
}

/** The id of a stored record; drafts (defaults, duplicates being edited) have none. */
function storedId(record: RecordValues): number | undefined {
  const id = typeof record.id === 'string' && record.id.trim() !== '' ? Number(record.id) : record.id;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? id : undefined;
}

/** The fillers that apply to a model and the columns each fills (open pseudo columns it declares). */
function fillersOf(model: ModelTemplate): { filler: DepthFiller; columns: string[] }[] {
  const open = openPseudoColumns(model);
  const stored = storedColumns(model);
  return FILLERS.flatMap((filler) => {
    const columns = filler.fills.filter((name) => open.has(name));
    if (columns.length === 0 || !filler.reads.every((name) => stored.has(name))) return [];
    return [{ filler, columns }];
  });
}

/** The SQL of the same columns, for lists sorted or filtered by them (kept stored where the filler says so). */
function depthColumnSql(model: ModelTemplate, _parameters: unknown, dialect: Dialect): Record<string, ColumnSql> {
  const found: Record<string, ColumnSql> = {};
  for (const { filler, columns } of fillersOf(model)) {
    const sql = filler.sql(model.table, dialect);
    for (const name of columns)
      if (Object.hasOwn(sql, name)) found[name] = filler.maintained ? { ...sql[name], maintained: true } : sql[name];
  }
  return found;
}

async function presentDepths({ db, model, records }: PresentContext): Promise<void> {
  const rows = new Map<number, RecordValues>();
  for (const record of records) {
    const id = storedId(record);
    if (id !== undefined) rows.set(id, record);
  }
  const ids = [...rows.keys()];
  for (const { filler, columns } of fillersOf(model)) {
    const values = ids.length > 0 ? await filler.compute(db, model.table, ids, rows) : new Map<number, RecordValues>();
    for (const record of records) {
      const id = storedId(record);
      // As the original's getters: '' while the record has no id, null when a parent is missing.
      for (const name of columns) record[name] = id === undefined ? '' : (values.get(id)?.[name] ?? null);
    }
  }
}

/**
 * Registers DepthModelBehavior (no parameters): the pseudo columns of the original's drilling
 * models (reference §2.4) that the expression language cannot express (hole depth_drilled, core and
 * section split status, section/split/sample/lithology depths, core box contents), computed for a
 * whole page with a few set-based queries per model (one for a page of sections, splits, samples or
 * lithology units), never one per record. The sample depths are also kept in maintained columns
 * (sorted and filtered on an index), rewritten when a core, section or split they derive from changes.
 */
export function registerDepthModel(registry: BehaviorRegistry): void {
  registry.register(DEPTH_MODEL_BEHAVIOR, {
    hooks: { present: presentDepths, columnSql: depthColumnSql, ...depthRefreshHooks },
    parameters: [],
  });
}
