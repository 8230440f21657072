import {
  childAggregates,
  evaluateExpression,
  parentPaths,
  parseExpression,
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

/** The client formula of a field: its jsCalculate (translated), else its server `calculate`; '' for none. */
export function formulaOf(field: FormField): string {
  const js = (field.formInput.jsCalculate ?? '').trim();
  if (js !== '') return translateJsCalculate(js);
  return (field.formInput.calculate ?? '').trim();
}

const parsed = new Map<string, ExpressionNode | null>();

// Parent paths and child aggregates are joined in by the server; the browser's record lacks them,
// so such formulas keep the server's value instead of turning it into null.
function clientFormula(formula: string): ExpressionNode | null {
  if (parsed.has(formula)) return parsed.get(formula) ?? null;
  let node: ExpressionNode | null = null;
  try {
    const candidate = parseExpression(formula);
    if (parentPaths(candidate).length === 0 && childAggregates(candidate).length === 0) node = candidate;
  } catch {
    // A formula the language cannot read (old JavaScript) leaves the value to the server.
  }
  parsed.set(formula, node);
  return node;
}

/**
 * Recomputes the calculated fields in field order, so a formula may use an earlier result.
 * Booleans become 1/0 as the server stores them. Returns the same object when nothing changed.
 */
export function recomputeCalculated(form: FormTemplate, record: FormRecord): FormRecord {
  let next = record;
  for (const field of form.fields) {
    const formula = formulaOf(field);
    const node = formula === '' ? null : clientFormula(formula);
    if (!node) continue;
    const result = evaluateExpression(node, { record: next });
    const value = typeof result === 'boolean' ? Number(result) : result;
    if ((next[field.name] ?? null) === value) continue;
    if (next === record) next = { ...record };
    next[field.name] = value;
  }
  return next;
}
