import {
  AppError,
  type ColumnTemplate,
  type ColumnType,
  type FormTemplate,
  type ModelTemplate,
  isStoredColumnType,
  parentColumnOf,
} from '@mdis/shared';
import {
  type AggregateNode,
  type ExpressionNode,
  childAggregates,
  parentPaths,
  parseExpression,
} from '@mdis/shared/expressions';
import { type ColumnKind, filterColumnInfo } from '@mdis/shared/filters';
import { type RelationColumns, relationColumnsOf } from './record-relations';

/** Where the records engine reads templates from (the template store satisfies it). */
export interface TemplateSource {
  getModel(fullName: string): Promise<ModelTemplate | undefined>;
  getForm(name: string): Promise<FormTemplate | undefined>;
  /** Only the templates `which` accepts (filtered before they are copied). */
  listForms(which?: (form: FormTemplate) => boolean): Promise<FormTemplate[]>;
  listModels(which?: (model: ModelTemplate) => boolean): Promise<ModelTemplate[]>;
  /** Memoises a derived value while the templates are unchanged (the template store does; stubs may not). */
  derive?<T>(key: string, compute: () => Promise<T>): Promise<T>;
}

export interface RecordColumn {
  name: string;
  type: ColumnType;
  label: string;
  required: boolean;
  size: number | undefined;
  kind: ColumnKind;
  listName: string | undefined;
  template: ColumnTemplate;
}

/** One model up the parent chain, joined as `alias` (a1 = parent, a2 = grandparent, …). */
export interface AncestorLevel {
  template: ModelTemplate;
  alias: string;
  /** The column on the level below that holds this ancestor's id; records serialise it under this name. */
  idColumn: string;
  /** The names a parent path may use for this level (`hole`, `sectionSplit`, `section_split`). */
  names: string[];
}

export interface ResolvedPath {
  level: number;
  column: string;
  kind: ColumnKind;
}

export interface PseudoColumn {
  name: string;
  label: string;
  expression: string;
  /** Set when the expression is a pure parent path: compiled to a join, so searchable and sortable. */
  path?: ResolvedPath;
  /** Otherwise the parsed expression (undefined when it does not parse, e.g. the original's PHP). */
  ast?: ExpressionNode;
  /** The parent paths the expression reads, joined in the same data query. */
  paths: (ResolvedPath & { text: string })[];
  /** The child aggregates it reads, computed for a whole page in one query per child table. */
  aggregates: AggregateNode[];
}

/** A model template resolved for the records engine: stored columns, parent chain, pseudo columns. */
export interface RecordModel {
  template: ModelTemplate;
  fullName: string;
  table: string;
  columns: RecordColumn[];
  parentColumn: string | undefined;
  ancestors: AncestorLevel[];
  pseudo: PseudoColumn[];
  /** Column sets of the UNIQUE indices. */
  uniqueIndices: string[][];
  /** many_to_many and one_to_many columns (not in `columns`: they are not stored as such). */
  relations: RelationColumns;
  column(name: string): RecordColumn | undefined;
}

export const MODEL_NOT_FOUND = 'model not found';

function toRecordColumn(template: ColumnTemplate): RecordColumn {
  const listName = template.selectListName ?? undefined;
  // The filter kind comes from shared (one rule for both interpreters); relation columns read as text.
  const kind = filterColumnInfo(template)?.kind ?? 'text';
  return {
    name: template.name,
    type: template.type,
    label: template.label ?? template.name,
    required: template.required === true,
    size: template.size ?? undefined,
    kind,
    listName: listName || undefined,
    template,
  };
}

function lowerFirst(value: string): string {
  return value.charAt(0).toLowerCase() + value.slice(1);
}

// The FK column of a child pointing at its parent: a shared rule (the browser needs it offline).
export { parentColumnOf };

async function loadAncestors(source: TemplateSource, model: ModelTemplate): Promise<AncestorLevel[]> {
  const levels: AncestorLevel[] = [];
  const seen = new Set([model.fullName]);
  let child = model;
  while (child.parentModel && !seen.has(child.parentModel)) {
    const parent = await source.getModel(child.parentModel);
    if (!parent) break;
    seen.add(parent.fullName);
    const idColumn = parentColumnOf(child, parent);
    const names = [lowerFirst(parent.name), idColumn.replace(/_id$/, ''), lowerFirst(parent.fullName)];
    levels.push({ template: parent, alias: `a${levels.length + 1}`, idColumn, names });
    child = parent;
  }
  return levels;
}

function resolvePath(segments: readonly string[], ancestors: AncestorLevel[]): ResolvedPath | undefined {
  let level = 0;
  for (const segment of segments.slice(0, -1)) {
    const start = level;
    const found =
      segment === 'parent' ? start : ancestors.findIndex((a, index) => index >= start && a.names.includes(segment));
    if (found < 0 || found >= ancestors.length) return undefined;
    level = found + 1;
  }
  const columnName = segments.at(-1) ?? '';
  const columns = level > 0 ? ancestors.at(level - 1)?.template.columns : undefined;
  const column = columns && Object.hasOwn(columns, columnName) ? columns[columnName] : undefined;
  if (!column || !isStoredColumnType(column.type)) return undefined;
  return { level, column: columnName, kind: toRecordColumn(column).kind };
}

function parseQuietly(expression: string): ExpressionNode | undefined {
  try {
    return parseExpression(expression);
  } catch {
    return undefined;
  }
}

function toPseudoColumn(column: ColumnTemplate, ancestors: AncestorLevel[]): PseudoColumn {
  const expression = column.pseudoCalc ?? column.calculate ?? '';
  const base = { name: column.name, label: column.label ?? column.name, expression };
  const ast = parseQuietly(expression);
  if (!ast) return { ...base, paths: [], aggregates: [] };
  const path = ast.type === 'path' ? resolvePath(ast.segments, ancestors) : undefined;
  if (path) return { ...base, path, paths: [], aggregates: [] };
  const paths = parentPaths(ast).flatMap((text) => {
    const resolved = resolvePath(text.split('.'), ancestors);
    return resolved ? [{ ...resolved, text }] : [];
  });
  return { ...base, ast, paths, aggregates: childAggregates(ast) };
}

/** Loads a model template with its parent chain; unknown model → 404 'model not found'. */
/**
 * The record model of a template: columns, ancestors, parsed pseudo expressions. Built once per
 * template revision and shared (read-only) by every request.
 */
export function loadRecordModel(source: TemplateSource, fullName: string): Promise<RecordModel> {
  const build = async () => deepFreeze(await buildRecordModel(source, fullName));
  return source.derive ? source.derive(`record-model:${fullName}`, build) : build();
}

/** Shared between requests: freezing turns an accidental change into an immediate error, not a leak. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

async function buildRecordModel(source: TemplateSource, fullName: string): Promise<RecordModel> {
  const template = await source.getModel(fullName);
  if (!template) throw new AppError('NOT_FOUND', MODEL_NOT_FOUND);
  const ancestors = await loadAncestors(source, template);
  const all = Object.values(template.columns);
  const columns = all.filter((c) => isStoredColumnType(c.type)).map(toRecordColumn);
  const byName = new Map(columns.map((c) => [c.name, c]));
  const pseudo = all.filter((c) => c.type === 'pseudo').map((c) => toPseudoColumn(c, ancestors));
  const uniqueIndices = Object.values(template.indices)
    .filter((index) => index.type === 'UNIQUE')
    .map((index) => index.columns);
  return {
    template,
    fullName: template.fullName,
    table: template.table,
    columns,
    parentColumn: ancestors[0]?.idColumn,
    ancestors,
    pseudo,
    uniqueIndices,
    relations: relationColumnsOf(template),
    column: (name) => byName.get(name),
  };
}
