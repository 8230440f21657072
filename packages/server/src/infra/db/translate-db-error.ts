import type { AppError } from '@mdis/shared';
import type { Dialect } from './dialect';
import { translatePostgresError } from './dialects/postgres-errors';
import { translateSqliteError } from './dialects/sqlite-errors';

const TRANSLATORS: Record<Dialect, (error: unknown) => AppError | null> = {
  sqlite: translateSqliteError,
  postgres: translatePostgresError,
};

/** A driver's constraint error as an AppError, or null when `error` is something else. */
export function translateDbError(dialect: Dialect, error: unknown): AppError | null {
  return TRANSLATORS[dialect](error);
}

/**
 * Whether the database refused a statement for the values of a row: an integrity constraint
 * (SQLite's SQLITE_CONSTRAINT_* codes, PostgreSQL's SQLSTATE class 23), the translated ones and
 * those without a translation (a CHECK). Any other error is the statement's own.
 */
export function isConstraintError(error: unknown): boolean {
  const code = error instanceof Error ? (error as Error & { code?: unknown }).code : undefined;
  return typeof code === 'string' && (code.startsWith('SQLITE_CONSTRAINT') || /^23[0-9A-Z]{3}$/.test(code));
}
