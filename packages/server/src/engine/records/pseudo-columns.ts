import { type ModelTemplate, isStoredColumnType, toSnakeCase } from '@mdis/shared';
import { type AggregateNode, aggregateKey, evaluateExpression } from '@mdis/shared/expressions';
import { sql } from 'kysely';
import type { Row } from './dynamic-db';
import { type QueryColumn, quotedRef } from './record-columns';
import { type RecordModel, type TemplateSource, parentColumnOf } from './record-model';
import type { AggregateSelection, RecordsRepository } from './records.repository';
import { memoByObject } from '../../infra/memo-by-object';

const PATH_PREFIX = '__path:';

interface PathSelections {
  /** Hidden selections, one per parent path, named `__path:<path>`. */
  columns: readonly QueryColumn[];
  /** Each selection's name with its path's text (what an expression reads from `paths`). */
  keys: readonly { name: string; text: string }[];
}

// Per model (built once per template revision, frozen): the same objects for every request.
const pathSelections = memoByObject((model: RecordModel): PathSelections => {
  const columns = new Map<string, QueryColumn>();
  for (const pseudo of model.pseudo) {
    for (const path of pseudo.paths) {
      const alias = model.ancestors[path.level - 1]?.alias ?? 'r';
      const ref = sql.raw(quotedRef(alias, path.column));
      columns.set(path.text, { name: `${PATH_PREFIX}${path.text}`, ref, kind: path.kind, level: path.level });
    }
  }
  const keys = [...columns].map(([text, column]) => ({ name: column.name, text }));
  return { columns: [...columns.values()], keys };
});

/** Hidden selections of the parent paths that computed pseudo columns read (same query, joined). */
export function pseudoPathColumns(model: RecordModel): readonly QueryColumn[] {
  return pathSelections(model).columns;
}

function lowerFirst(value: string): string {
  return value.charAt(0).toLowerCase() + value.slice(1);
}

/** The child model an aggregate's relation names (`sections`, `section`, `core_section`). */
export function childModel(children: ModelTemplate[], relation: string): ModelTemplate | undefined {
  return children.find((child) => {
    const names = [child.table, lowerFirst(child.name), toSnakeCase(child.name), lowerFirst(child.fullName)];
    return names.flatMap((n) => [n, `${n}s`]).includes(relation);
  });
}

async function loadAggregates(
  templates: TemplateSource,
  repository: RecordsRepository,
  model: RecordModel,
  ids: number[],
): Promise<Map<number, Row>> {
  const wanted = model.pseudo.flatMap((p) => (p.ast ? p.aggregates : []));
  const byParent = new Map<number, Row>();
  if (wanted.length === 0 || ids.length === 0) return byParent;
  const children = await templates.listModels((m) => m.parentModel === model.fullName);
  const groups = new Map<ModelTemplate, AggregateNode[]>();
  for (const node of wanted) {
    const child = childModel(children, node.relation);
    const column = node.column === null ? undefined : child?.columns[node.column];
    if (!child || (column && !isStoredColumnType(column.type)) || (node.column !== null && !column)) continue;
    groups.set(child, [...(groups.get(child) ?? []), node]);
  }
  // One query per child table for the whole page, never one per row.
  for (const [child, nodes] of groups) {
    const selections: AggregateSelection[] = nodes.map((n) => ({ key: aggregateKey(n), fn: n.fn, column: n.column }));
    const rows = await repository.aggregateChildren(
      child.table,
      parentColumnOf(child, model.template),
      ids,
      selections,
    );
    for (const row of rows) {
      const parentId = Number(row.parent_id);
      byParent.set(parentId, { ...byParent.get(parentId), ...row });
    }
  }
  return byParent;
}

const NO_AGGREGATES: Row = Object.freeze({});

function evaluate(model: RecordModel, record: Row, aggregates: Row | undefined): void {
  const paths: Row = {};
  // The hidden path keys are the record's last properties: removed before the pseudo columns are
  // added, V8 keeps the record a fast object (cheaper to read and to serialise).
  for (const { name, text } of pathSelections(model).keys) {
    if (!(name in record)) continue;
    paths[text] = record[name];
    Reflect.deleteProperty(record, name);
  }
  // One scope for all the pseudo columns of the record (an export evaluates a million records).
  const scope = { record, paths, aggregates: aggregates ?? NO_AGGREGATES };
  for (const pseudo of model.pseudo) {
    if (pseudo.path) continue;
    try {
      record[pseudo.name] = pseudo.ast ? evaluateExpression(pseudo.ast, scope) : null;
    } catch {
      record[pseudo.name] = null;
    }
  }
}

/**
 * Pseudo columns that are not pure parent paths: evaluated with the expression language over the
 * record, the parent paths joined into the data query and child aggregates batched per page.
 */
export function createPseudoComputer(templates: TemplateSource, repository: RecordsRepository) {
  return async (model: RecordModel, records: Row[]): Promise<void> => {
    if (!model.pseudo.some((p) => !p.path)) return;
    const ids = records.map((r) => Number(r.id)).filter(Number.isFinite);
    const aggregates = await loadAggregates(templates, repository, model, ids);
    for (const record of records) evaluate(model, record, aggregates.get(Number(record.id)));
  };
}
