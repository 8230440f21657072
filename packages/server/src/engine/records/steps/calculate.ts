import {
  AppError,
  type ExpressionNode,
  calculationMessage,
  evaluateExpression,
  parseExpression,
  toNumber,
  toText,
} from '@mdis/shared';
import type { Row } from '../dynamic-db';
import type { WritableColumn } from '../record-target';

/** A column's server formula: the form field's `calculate`, else the model column's. */
function formulaOf(writable: WritableColumn): string {
  return (writable.field?.formInput.calculate ?? '').trim() || (writable.column.template.calculate ?? '').trim();
}

// Per column list (a target's, rebuilt whenever a template changes): an import asks once per row.
const calculatedOf = new WeakMap<readonly WritableColumn[], WritableColumn[]>();

/** The writable columns whose value the server computes instead of taking it from the input. */
export function calculatedColumns(writable: readonly WritableColumn[]): WritableColumn[] {
  let calculated = calculatedOf.get(writable);
  if (!calculated) {
    calculated = writable.filter((w) => formulaOf(w) !== '');
    calculatedOf.set(writable, calculated);
  }
  return calculated;
}

// Formulas come from templates, a small and slowly changing set: parse each text once.
const parsed = new Map<string, ExpressionNode>();
const MAX_CACHED = 1000;

function parseFormula(formula: string, writable: WritableColumn): ExpressionNode {
  const cached = parsed.get(formula);
  if (cached) return cached;
  try {
    const node = parseExpression(formula);
    if (parsed.size >= MAX_CACHED) parsed.clear();
    parsed.set(formula, node);
    return node;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    // A broken formula is a template defect: say where, instead of failing with a 500.
    throw new AppError('VALIDATION_FAILED', reason, {
      fields: [{ field: writable.column.name, message: calculationMessage(writable.label, reason) }],
    });
  }
}

/**
 * Step 3b: computes every calculated column from the record (already in storage form, so numbers
 * are numbers), in field order, so a later formula may use an earlier result. The result takes the
 * column's kind: a number (or null) for numeric and boolean columns, text otherwise.
 */
export function applyCalculations(writable: readonly WritableColumn[], record: Row): void {
  for (const column of calculatedColumns(writable)) {
    const value = evaluateExpression(parseFormula(formulaOf(column), column), { record });
    const numeric = column.column.kind === 'number' || column.column.kind === 'boolean';
    record[column.column.name] = numeric ? toNumber(value) : value === null ? null : toText(value);
  }
}
