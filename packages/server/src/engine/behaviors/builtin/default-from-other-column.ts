import type { BehaviorContext, BehaviorDefinition } from '../behavior-registry';
import { checkColumnParameters, eachRecord, eachUpdate, isBlank, sameValue, textParameter } from './behavior-helpers';

/**
 * Reference §7: the target takes the source's value when the target is empty, or when the source
 * changed while the target did not and both were equal before (the target still "followed" it).
 */
function follow({ record, previous, parameters }: BehaviorContext): void {
  const source = textParameter(parameters, 'sourceColumn');
  const target = textParameter(parameters, 'targetColumn');
  if (!source || !target || !Object.hasOwn(record, source)) return;
  if (isBlank(record[target])) {
    record[target] = record[source];
    return;
  }
  if (!previous) return;
  const sourceChanged = !sameValue(record[source], previous[source]);
  const targetUnchanged = sameValue(record[target], previous[target]);
  if (sourceChanged && targetUnchanged && sameValue(previous[source], previous[target]))
    record[target] = record[source];
}

/** DefaultFromOtherColumn (reference §7), before insert and update: e.g. curated_length follows section_length. */
export const defaultFromOtherColumn: BehaviorDefinition = {
  parameters: [
    { name: 'sourceColumn', kind: 'column', hint: 'column whose value is copied' },
    {
      name: 'targetColumn',
      kind: 'column',
      hint: 'column that takes the value while it is empty or still equal to the source',
    },
  ],
  validate: (parameters, model) => checkColumnParameters(parameters, model, ['sourceColumn', 'targetColumn']),
  // Reads nothing but the record: in a batch of creates or updates, the same hook record by record.
  hooks: { beforeCreate: follow, beforeUpdate: follow, createMany: eachRecord(follow), updateMany: eachUpdate(follow) },
};
