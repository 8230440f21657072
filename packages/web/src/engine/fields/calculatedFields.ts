import {
  childAggregates,
  evaluateExpression,
  parentPaths,
  parseExpression,
  type ColumnTemplate,
  fieldTypeOf,
  type ExpressionNode,
  type FormField,
  type FormTemplate,
} from '@mdis/shared';
import type { FormRecord } from '../record-panel/types';

// The original's jsCalculate was JavaScript over `this.formModel[...]`; the safe expression
// language reads the same columns as `[column]`.
const FORM_MODEL_INDEX = /this\.formModel\[\s*(['"])(\w+)\1\s*\]/g;
const FORM_MODEL_DOT = /this\.formModel\.(\w+)/g;

export function translateJsCalculate(src: string): string {
  return src.replace(FORM_MODEL_INDEX, '[$2]').replace(FORM_MODEL_DOT, '[$1]');
}

type Columns = Readonly<Record<string, ColumnTemplate>>;

/**
 * The client formula of a field, as the server picks it: its jsCalculate (translated), else the
 * field's `calculate`, else its model column's `calculate`, else the column's pseudo formula
 * (`pseudoCalc`, e.g. a core's bottom depth); '' for none.
 */
export function formulaOf(field: FormField, column?: ColumnTemplate): string {
  const js = (field.formInput.jsCalculate ?? '').trim();
  if (js !== '') return translateJsCalculate(js);
  const own = (field.formInput.calculate ?? '').trim();
  if (own !== '') return own;
  return (column?.calculate ?? '').trim() || (column?.type === 'pseudo' ? (column.pseudoCalc ?? '').trim() : '');
}

/**
 * The parent record a formula's `hole.drillers_reference_height` reads (issue 18 item 10), under the
 * names the server accepts for it (`parent`, the filter key, the parent column without `_id`).
 */
export interface ParentRecord {
  names: readonly string[];
  record: FormRecord;
}

const parsed = new Map<string, ExpressionNode | null>();

function parseOnce(formula: string): ExpressionNode | null {
  if (parsed.has(formula)) return parsed.get(formula) ?? null;
  let node: ExpressionNode | null = null;
  try {
    node = parseExpression(formula);
  } catch {
    // A formula the language cannot read (old JavaScript) leaves the value to the server.
  }
  parsed.set(formula, node);
  return node;
}

/**
 * What a formula reads from the parent (`{'hole.x': value}`), or null when the browser cannot compute
 * it: child aggregates and deeper ancestors are joined in by the server, and without the parent
 * record loaded its paths are too; such formulas keep the server's value instead of turning it into null.
 */
function parentValues(node: ExpressionNode, parent: ParentRecord | undefined): Record<string, unknown> | null {
  if (childAggregates(node).length > 0) return null;
  const values: Record<string, unknown> = {};
  for (const path of parentPaths(node)) {
    const [relation = '', column = '', ...deeper] = path.split('.');
    if (!parent || deeper.length > 0 || !parent.names.includes(relation)) return null;
    values[path] = Object.hasOwn(parent.record, column) ? parent.record[column] : null;
  }
  return values;
}

const NUMBER_TEXT = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;

function numericColumns(columns: Columns | undefined): Set<string> {
  const names = Object.values(columns ?? {}).filter((c) => fieldTypeOf(c.type)?.filterKind === 'number');
  return new Set(names.map((c) => c.name));
}

// A number typed into a text input is still text ('4.5'); the server computes on stored numbers,
// and `+` with text would concatenate (100 + '4.5' = '1004.5').
function asStored(record: FormRecord, numeric: ReadonlySet<string>): FormRecord {
  if (numeric.size === 0) return record;
  const stored: FormRecord = { ...record };
  for (const name of numeric) {
    const value = stored[name];
    if (typeof value === 'string' && NUMBER_TEXT.test(value)) stored[name] = Number(value);
  }
  return stored;
}

/**
 * Recomputes the calculated fields in field order, so a formula may use an earlier result: while
 * the user types, and on entering edit, new or Smart Copy (whose copied depths are the source's).
 * With the model's `columns`, their formulas count too; with the `parent` record, formulas reading it
 * (`hole.drillers_reference_height`) as well. Booleans become 1/0 as the server stores them. The
 * server's answer replaces all of it on save. Returns the same object when nothing changed.
 */
export function recomputeCalculated(
  form: FormTemplate,
  record: FormRecord,
  columns?: Columns,
  parent?: ParentRecord,
): FormRecord {
  let next = record;
  const numeric = numericColumns(columns);
  for (const field of form.fields) {
    const column = columns && Object.hasOwn(columns, field.name) ? columns[field.name] : undefined;
    const formula = formulaOf(field, column);
    const node = formula === '' ? null : parseOnce(formula);
    const paths = node ? parentValues(node, parent) : null;
    if (!node || !paths) continue;
    const result = evaluateExpression(node, { record: asStored(next, numeric), paths });
    const value = typeof result === 'boolean' ? Number(result) : result;
    if ((next[field.name] ?? null) === value) continue;
    if (next === record) next = { ...record };
    next[field.name] = value;
  }
  return next;
}
