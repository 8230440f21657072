import { AppError, filterColumnInfo, parseFilterExpression, type ColumnTemplate, type FilterNode } from '@mdis/shared';

/** One by-value filter as the user reads it back: what the server will apply, or why it cannot. */
export interface ValueFilterChip {
  column: string;
  /** `Top Depth ≥ 10`, `Comment matches ^core`, `Core Type is empty`. */
  text: string;
  /** Set when the expression cannot apply to the column's type: the reason, to fix the typo. */
  problem?: string;
}

const OPERATOR_WORDS: Record<FilterNode['op'], string> = {
  match: 'matches',
  'not-match': 'does not match',
  'eq-exact': '=',
  'neq-exact': '≠',
  lt: '<',
  lte: '≤',
  gt: '>',
  gte: '≥',
  'is-null': 'is empty',
  'not-null': 'is not empty',
};

function describe(node: FilterNode): string {
  const words = OPERATOR_WORDS[node.op];
  return 'value' in node ? `${words} ${String(node.value)}` : words;
}

const PROBLEM_PREFIX = /^Invalid filter for column "[^"]*": /;

/**
 * The filter-by-value expressions parsed as the server parses them (shared filter language), one
 * chip each; an expression the column's type cannot take says why instead of silently finding nothing.
 */
export function valueFilterChips(
  value: Record<string, string>,
  labels: Record<string, string>,
  columns: Readonly<Record<string, ColumnTemplate>> | undefined,
): ValueFilterChip[] {
  return Object.entries(value).map(([column, expression]) => {
    const label = labels[column] ?? column;
    const template = columns && Object.hasOwn(columns, column) ? columns[column] : undefined;
    const info = template ? filterColumnInfo(template) : undefined;
    if (!info) return { column, text: `${label}: ${expression}` };
    try {
      const node = parseFilterExpression(
        column,
        expression,
        info.kind,
        info.listName ? { listName: info.listName } : {},
      );
      return { column, text: `${label} ${describe(node)}` };
    } catch (error) {
      const reason = error instanceof AppError ? error.message.replace(PROBLEM_PREFIX, '') : String(error);
      return { column, text: `${label}: ${expression}`, problem: `${label}: ${reason}` };
    }
  });
}
