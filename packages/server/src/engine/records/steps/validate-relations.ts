import { type FieldError, RECORD_MESSAGES as MESSAGES } from '@mdis/shared';
import type { DynamicTrx } from '../dynamic-db';
import type { RelationLinks } from '../relation-links';
import type { RelationInput } from './relation-input';

/**
 * Step 2 (relations), inside the write transaction: every related id of a many_to_many value and
 * the referenced id of a one_to_many value must exist ('{label} is invalid.' otherwise). One query
 * per relation column written.
 */
export async function validateRelations(
  trx: DynamicTrx,
  links: RelationLinks,
  input: RelationInput,
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  for (const { column, label, ids } of input.links) {
    const found = await links.existingIds(trx, column.relatedTable, ids);
    if (ids.some((id) => !found.has(id))) errors.push({ field: column.name, message: MESSAGES.invalid(label) });
  }
  for (const { column, label, id } of input.references) {
    if (id === null) continue;
    const found = await links.existingIds(trx, column.foreignTable, [id]);
    if (!found.has(id)) errors.push({ field: column.name, message: MESSAGES.invalid(label) });
  }
  return errors;
}
