import { type RawBuilder, sql } from 'kysely';
import { ancestorJoins } from './record-columns';
import type { RecordModel } from './record-model';
import { type Conditions, whereClause } from './record-query';

/**
 * A filtered list is counted up to this many rows (and at least to the end of the page asked for);
 * past it the total is a lower bound, or on PostgreSQL the planner's estimate. Counting every match
 * of a broad filter over a million rows costs as much as reading them all.
 */
export const COUNT_CAP = 10_000;

/** PostgreSQL: an estimate this many times the cap is answered without counting at all. */
export const ESTIMATE_ONLY_FACTOR = 10;

/** How a list's total was found: exact, or past the cap a lower bound or an estimate. */
export interface ListCount {
  total: number;
  exact: boolean;
  /** With exact false: total is a lower bound ("more than"), otherwise an estimate ("about"). */
  lowerBound: boolean;
}

/** `SELECT COUNT(*)` of at most `cap + 1` matching rows: stops reading once past the cap. */
export function boundedCount(model: RecordModel, where: Conditions, cap: number): RawBuilder<{ n: number | string }> {
  const joins = ancestorJoins(model, where.level, where.innerLevel);
  return sql`SELECT COUNT(*) AS n FROM (SELECT 1 AS one FROM ${sql.table(model.table)} AS r ${joins}${whereClause(where)} LIMIT ${cap + 1}) AS bounded`;
}

/** PostgreSQL: the plan of the filtered rows, whose row estimate stands in for a count past the cap. */
export function explainRows(model: RecordModel, where: Conditions): RawBuilder<{ 'QUERY PLAN': unknown }> {
  const joins = ancestorJoins(model, where.level, where.innerLevel);
  return sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${sql.table(model.table)} AS r ${joins}${whereClause(where)}`;
}

/** The top node's row estimate of an EXPLAIN (FORMAT JSON) answer. */
export function planRows(plan: unknown): number | undefined {
  const parsed: unknown = typeof plan === 'string' ? JSON.parse(plan) : plan;
  const top = Array.isArray(parsed) ? (parsed[0] as { Plan?: { 'Plan Rows'?: unknown } } | undefined) : undefined;
  const rows = top?.Plan?.['Plan Rows'];
  return typeof rows === 'number' ? rows : undefined;
}
