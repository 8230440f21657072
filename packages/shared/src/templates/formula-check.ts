import { parseExpression } from '../expressions/expression-parser';

/** What a column or form field says when its formula (`calculate`) cannot run: on save and on a write. */
export const calculationMessage = (label: string, reason: string) =>
  `${label}: the calculation cannot be run: ${reason}`;

/**
 * The parser's message for a formula it refuses, undefined for a fine or empty one. The template
 * manager refuses such a formula on save: stored, it would fail every create of the model.
 */
export function formulaError(formula: string | null | undefined): string | undefined {
  if ((formula ?? '').trim() === '') return undefined;
  try {
    parseExpression(formula ?? '');
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
