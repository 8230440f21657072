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
