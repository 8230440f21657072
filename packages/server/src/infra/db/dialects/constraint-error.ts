import { AppError, MYSQL_ROW_IS_REFERENCED } from '@mdis/shared';

type ConstraintCode = 'UNIQUE_VIOLATION' | 'NOT_NULL_VIOLATION' | 'FOREIGN_KEY_VIOLATION';

interface Where {
  table?: string | undefined;
  column?: string | undefined;
}

// The original answered with MySQL's errorInfo [sqlstate, driver code, text]; clients check
// errorInfo[1] (1451 = row still referenced), so the MySQL equivalents are sent.
const MYSQL_CODES = { UNIQUE_VIOLATION: 1062, NOT_NULL_VIOLATION: 1048, FOREIGN_KEY_VIOLATION: 1452 } as const;

function messageFor(code: ConstraintCode, column: string | undefined, referenced: boolean): string {
  const subject = column ?? 'value';
  if (code === 'UNIQUE_VIOLATION') return `${subject} has already been taken.`;
  if (code === 'NOT_NULL_VIOLATION') return `${subject} cannot be blank.`;
  return referenced ? 'Constraint violation - record has related data' : 'The referenced record does not exist.';
}

/** One AppError for a constraint failure, whatever the dialect. */
export function constraintError(code: ConstraintCode, where: Where, driverText: string, referenced = false): AppError {
  const extensions: ConstructorParameters<typeof AppError>[2] = {
    errorInfo: ['23000', referenced ? MYSQL_ROW_IS_REFERENCED : MYSQL_CODES[code], driverText],
  };
  if (where.table) extensions.table = where.table;
  if (where.column) {
    extensions.column = where.column;
    if (code === 'NOT_NULL_VIOLATION')
      extensions.fields = [{ field: where.column, message: messageFor(code, where.column, false) }];
  }
  return new AppError(code, messageFor(code, where.column, referenced), extensions);
}
