import type { ExpressionNode } from './expression-ast';
import { evaluateExpression } from './expression-evaluator';
import { parseExpression } from './expression-parser';
import { toText } from './expression-values';

/** What a table cell shows when its formatter fails (spec 1 §3). */
export const FORMATTER_ERROR = 'ERROR in formatter';

/**
 * Formats a cell with a field's `formatter` expression: the bare name `value` is the cell's value,
 * `[column]` reads the record. Returns the text, '' for null, or 'ERROR in formatter' when the
 * formatter does not parse or fails.
 * @example formatValue("round(value, 1) + ' m'", 12.345, {}) // '12.3 m'
 * @example formatValue('round(', 1, {}) // 'ERROR in formatter'
 */
export function formatValue(
  formatter: ExpressionNode | string,
  value: unknown,
  record: Readonly<Record<string, unknown>>,
): string {
  try {
    const ast = typeof formatter === 'string' ? parseExpression(formatter) : formatter;
    return toText(evaluateExpression(ast, { record, variables: { value } }));
  } catch {
    return FORMATTER_ERROR;
  }
}
