import type { BehaviorContext, RecordValues } from '../behavior-registry';
import { columnOf, engineOf, isBlank } from './behavior-helpers';

/**
 * The parent record of the record being written (in API shape), found through `parentRefColumn`
 * (default: the model's parent link); pseudo columns are computed only when `column` is one.
 */
export async function parentRecord(
  context: BehaviorContext,
  column: string,
  parentRefColumn?: string,
): Promise<RecordValues | undefined> {
  const engine = engineOf(context);
  const link = await engine.parentOf(context.model);
  if (!link) return undefined;
  const parentId = context.record[parentRefColumn || link.parentColumn];
  if (isBlank(parentId)) return undefined;
  const plain = columnOf(link.parent, column)?.type !== 'pseudo';
  return (await engine.findRecords(link.parent.fullName, { id: parentId }, { plain, limit: 1 })).at(0);
}
