import type { DynamicTrx, Row } from '../dynamic-db';
import type { RecordModel } from '../record-model';
import type { RecordsRepository } from '../records.repository';
import type { RelationLinks } from '../relation-links';
import type { RelationInput } from './relation-input';

/** Step 5: the write itself (the caller holds the transaction). Returns the record's id. */
export async function writeRecord(
  trx: DynamicTrx,
  repository: RecordsRepository,
  model: RecordModel,
  values: Row,
  id: number | undefined,
): Promise<number> {
  if (id === undefined) return repository.insert(trx, model, values);
  await repository.update(trx, model, id, values);
  return id;
}

/** one_to_many values in storage form: the referenced id in the relation's FK column. */
export function referenceValues(input: RelationInput): Row {
  return Object.fromEntries(input.references.map(({ column, id }) => [column.fkColumn, id]));
}

/** Step 5 (relations), after the record is written: its many_to_many links are replaced. */
export async function writeLinks(
  trx: DynamicTrx,
  links: RelationLinks,
  model: RecordModel,
  id: number,
  input: RelationInput,
): Promise<void> {
  for (const { column, ids } of input.links) await links.replaceLinks(trx, model, column, id, ids);
}
