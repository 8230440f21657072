import { AppError } from '@mdis/shared';
import { sql } from 'kysely';
import type { BehaviorContext } from '../behavior-registry';
import { isBlank, sameValue } from './behavior-helpers';

/** 409 of SiblingsLimit and SiblingsLimitFromParent; <n> is the limit, <col> the parent reference column. */
export const siblingsLimitMessage = (limit: number, column: string) =>
  `cannot create more than ${String(limit)} with the same ${column} value.`;

/** Whether the write adds a sibling to the group: a new record, or one moved to another parent. */
export function addsSibling({ record, previous }: BehaviorContext, parentRef: string): boolean {
  if (isBlank(record[parentRef])) return false;
  return !previous || !sameValue(previous[parentRef], record[parentRef]);
}

/**
 * Refuses a record that would exceed `limit` siblings (records sharing `parentRef`'s value).
 * A limit that is not a positive number means no limit.
 */
export async function assertBelowLimit(context: BehaviorContext, parentRef: string, limit: number | undefined) {
  if (limit === undefined || !(limit > 0)) return;
  const { trx, model, record } = context;
  // Two parallel creates must not both count the group below the limit.
  await context.engine?.lockGroup(model.table, { [parentRef]: record[parentRef] });
  // The table and column come from the model template, never from request text.
  const { rows } = await sql<{
    n: number | string;
  }>`SELECT COUNT(*) AS n FROM ${sql.table(model.table)} WHERE ${sql.ref(parentRef)} = ${record[parentRef]}`.execute(
    trx,
  );
  if (Number(rows[0]?.n ?? 0) >= limit) throw new AppError('CONFLICT', siblingsLimitMessage(limit, parentRef));
}
