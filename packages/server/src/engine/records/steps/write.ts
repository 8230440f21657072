import type { DynamicTrx, Row } from '../dynamic-db';
import type { RecordModel } from '../record-model';
import type { RecordsRepository } from '../records.repository';

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
