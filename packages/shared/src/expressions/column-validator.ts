import { AppError } from '../errors';
import { toExpressionValue, toNumber } from './expression-values';

const OPERATORS = ['>=', '<=', '!=', '==', '>', '<', '='] as const;
type ValidatorOperator = (typeof OPERATORS)[number];

// Yii's CompareValidator messages, which the original's template validators produced.
const MESSAGES: Record<ValidatorOperator, string> = {
  '==': 'must be equal to',
  '=': 'must be equal to',
  '!=': 'must not be equal to',
  '>': 'must be greater than',
  '>=': 'must be greater than or equal to',
  '<': 'must be less than',
  '<=': 'must be less than or equal to',
};

interface Condition {
  operator: ValidatorOperator;
  bound: number;
}

/** A column's `validator` (e.g. `>0`), ready to check values. */
export interface ColumnValidator {
  /** The template text. */
  source: string;
  /** Whether the value passes; empty values (null, undefined, '') pass, as `required` handles them. */
  test: (value: unknown) => boolean;
  /** The message for a failing value: the template's `validatorMessage` or Yii's default. */
  message: (label: string, value?: unknown) => string;
}

function holds({ operator, bound }: Condition, value: number): boolean {
  switch (operator) {
    case '>':
      return value > bound;
    case '>=':
      return value >= bound;
    case '<':
      return value < bound;
    case '<=':
      return value <= bound;
    case '!=':
      return value !== bound;
    default:
      return value === bound;
  }
}

function parseCondition(src: string, part: string): Condition {
  const text = part.trim();
  const operator = OPERATORS.find((op) => text.startsWith(op));
  const bound = operator ? toNumber(text.slice(operator.length)) : null;
  if (!operator || bound === null) {
    throw new AppError(
      'BAD_REQUEST',
      `Invalid validator "${src}": use a comparison with a number such as >0 or >=0&<=100.`,
    );
  }
  return { operator, bound };
}

function failing(conditions: readonly Condition[], value: unknown): Condition | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const number = toNumber(toExpressionValue(value));
  const [first] = conditions;
  if (number === null) return first;
  return conditions.find((condition) => !holds(condition, number));
}

/**
 * Parses a template column `validator`: comparisons with a number (`>0`, `>=0`, `<100`, `!=0`,
 * `==1`), several joined by `&` (`>=-90&<=90`). The message is the column's `validatorMessage`
 * when given (`{label}` is replaced), else Yii's: `Depth must be greater than "0".`
 * Throws AppError BAD_REQUEST on a malformed validator.
 * @example
 * const v = parseColumnValidator('>0');
 * v.test(-1) // false
 * v.message('Depth', -1) // 'Depth must be greater than "0".'
 */
export function parseColumnValidator(src: string, validatorMessage?: string | null): ColumnValidator {
  const conditions = src.split('&').map((part) => parseCondition(src, part));
  return {
    source: src,
    test: (value) => failing(conditions, value) === undefined,
    message: (label, value) => {
      if (validatorMessage) return validatorMessage.replaceAll('{label}', label);
      const condition = failing(conditions, value) ?? conditions[0];
      if (!condition) return `${label} is invalid.`;
      return `${label} ${MESSAGES[condition.operator]} "${condition.bound}".`;
    },
  };
}
