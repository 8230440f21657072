import { AppError } from '@mdis/shared';
import { queryTooLongError } from '../query-budget';
import { constraintError } from './constraint-error';

// pg's DatabaseError carries the SQLSTATE in `code`, and `table`, `column` (not-null only) and a
// `detail` such as 'Key (username)=(ann) already exists.' from which the column is read.

interface PgError {
  code: string;
  message: string;
  table?: string;
  column?: string;
  detail?: string;
}

function isPgError(error: unknown): error is PgError {
  if (!(error instanceof Error) || !('severity' in error) || !('code' in error)) return false;
  return typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code);
}

function keyColumn(detail: string | undefined): string | undefined {
  const match = /^Key \(([^,)]+)/.exec(detail ?? '');
  return match?.[1]?.replace(/"/g, '');
}

export const NUL_MESSAGE = 'Text must not contain the NUL character (\\u0000).';

// PostgreSQL text cannot hold U+0000 (SQLite's can): a parameter with it fails as 22021 "invalid
// byte sequence for encoding UTF8: 0x00", inside JSON as 22P05. Bad input, not a server fault.
const NUL_CODES = new Set(['22021', '22P05']);

export function translatePostgresError(error: unknown): AppError | null {
  if (!isPgError(error)) return null;
  const text = error.detail ? `${error.message} ${error.detail}` : error.message;
  if (NUL_CODES.has(error.code) && /0x00|\\u0000/.test(error.message)) return new AppError('BAD_REQUEST', NUL_MESSAGE);
  switch (error.code) {
    case '57014': // query_canceled: the statement_timeout of a regex filter
      return queryTooLongError();
    case '23505':
      return constraintError('UNIQUE_VIOLATION', { table: error.table, column: keyColumn(error.detail) }, text);
    case '23502':
      return constraintError('NOT_NULL_VIOLATION', { table: error.table, column: error.column }, text);
    case '23503':
      return constraintError(
        'FOREIGN_KEY_VIOLATION',
        { table: error.table, column: keyColumn(error.detail) },
        text,
        // "is still referenced" = a parent row was deleted or re-keyed under its children.
        /still referenced/.test(error.detail ?? ''),
      );
    default:
      return null;
  }
}
