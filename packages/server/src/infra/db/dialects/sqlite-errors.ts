import type { AppError } from '@mdis/shared';
import { constraintError } from './constraint-error';

// better-sqlite3 throws SqliteError with an extended result code and a message such as
// "UNIQUE constraint failed: users.username" or "NOT NULL constraint failed: users.name".
// What SQLite cannot tell: a FOREIGN KEY failure names neither the table nor the column
// ("FOREIGN KEY constraint failed"), nor whether a parent was deleted or a child pointed nowhere;
// and a CHECK failure names only the constraint.

interface SqliteError {
  code: string;
  message: string;
}

function isSqliteError(error: unknown): error is SqliteError {
  return (
    error instanceof Error && error.name === 'SqliteError' && typeof (error as Partial<SqliteError>).code === 'string'
  );
}

/** `"...: users.username, users.email"` → the first table and column named. */
function firstColumn(message: string): { table?: string; column?: string } {
  const match = /failed: ([\w]+)\.([\w]+)/.exec(message);
  return match ? { table: match[1], column: match[2] } : {};
}

export function translateSqliteError(error: unknown): AppError | null {
  if (!isSqliteError(error)) return null;
  switch (error.code) {
    case 'SQLITE_CONSTRAINT_UNIQUE':
    case 'SQLITE_CONSTRAINT_PRIMARYKEY':
      return constraintError('UNIQUE_VIOLATION', firstColumn(error.message), error.message);
    case 'SQLITE_CONSTRAINT_NOTNULL':
      return constraintError('NOT_NULL_VIOLATION', firstColumn(error.message), error.message);
    case 'SQLITE_CONSTRAINT_FOREIGNKEY':
      return constraintError('FOREIGN_KEY_VIOLATION', {}, error.message);
    default:
      return null;
  }
}
