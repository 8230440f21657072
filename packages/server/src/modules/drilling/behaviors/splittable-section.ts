import type { BehaviorContext, BehaviorDefinition } from '../../../engine/behaviors/behavior-registry';
import { PARAMETER_MESSAGES, engineOf, textParameter } from '../../../engine/behaviors/builtin/behavior-helpers';
import { DRILLING_MESSAGES } from './drilling-messages';

/** The whole round every new section starts as (reference §7). */
export const WHOLE_ROUND = 'WR';

/**
 * After a section is inserted, its whole-round split: type WR, still existing, not sampleable,
 * 100 %, the section's curator. Inserted through the splits model's own behaviors (combined id,
 * IGSN, origin type rule) in the same transaction, so a split that cannot be made undoes the section.
 */
async function createWholeRound(context: BehaviorContext): Promise<void> {
  const engine = engineOf(context);
  const splitsModel = textParameter(context.parameters, 'splitsModel');
  const link = (await engine.childModels(context.model.fullName)).find((l) => l.child.fullName === splitsModel);
  if (!link) throw new Error(`SplittableSection: ${splitsModel} is not a child model of ${context.model.fullName}`);
  await engine.insertRecord(splitsModel, {
    [link.parentColumn]: context.record.id,
    type: WHOLE_ROUND,
    still_exists: 1,
    sampleable: 0,
    percent: 100,
    curator: context.record.curator ?? null,
  });
}

/** SplittableSection (reference §7): a new section gets its WR split automatically. */
export const splittableSection: BehaviorDefinition = {
  parameters: [
    { name: 'splitsModel', kind: 'text', hint: 'The table where the splits will be saved e.g. CurationSectionSplit' },
  ],
  validate: (parameters, model) => {
    if (model.fullName !== 'CoreSection') return [DRILLING_MESSAGES.onlyCoreSection];
    return textParameter(parameters, 'splitsModel') ? [] : [PARAMETER_MESSAGES.empty('splitsModel')];
  },
  hooks: { afterCreate: createWholeRound },
};
