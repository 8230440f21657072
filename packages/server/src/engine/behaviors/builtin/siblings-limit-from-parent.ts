import type { BehaviorContext, BehaviorDefinition } from '../behavior-registry';
import { PARAMETER_MESSAGES, checkColumnParameters, isBlank, textParameter } from './behavior-helpers';
import { parentRecord } from './parent-record';
import { addsSibling, assertBelowLimit } from './siblings-count';

async function checkLimit(context: BehaviorContext): Promise<void> {
  const parentRef = textParameter(context.parameters, 'parentRefColumn');
  const source = textParameter(context.parameters, 'parentSourceColumn');
  if (!addsSibling(context, parentRef)) return;
  const parent = await parentRecord(context, source, parentRef);
  const limit = parent?.[source];
  // An empty parent value (e.g. a core whose section_count is not known yet) sets no limit.
  if (!isBlank(limit)) await assertBelowLimit(context, parentRef, Number(limit));
}

/**
 * SiblingsLimitFromParent, "Children Limit From Parent" (reference §7): like SiblingsLimit with the
 * limit read from the parent record, e.g. the sections of a core ≤ core.section_count.
 */
export const siblingsLimitFromParent: BehaviorDefinition = {
  parameters: [
    { name: 'parentRefColumn', kind: 'column', hint: 'column holding the parent id; siblings share its value' },
    { name: 'parentSourceColumn', kind: 'text', hint: "the parent's column holding the limit, e.g. section_count" },
  ],
  validate: (parameters, model) => [
    ...checkColumnParameters(parameters, model, ['parentRefColumn']),
    ...(textParameter(parameters, 'parentSourceColumn') ? [] : [PARAMETER_MESSAGES.empty('parentSourceColumn')]),
  ],
  hooks: { defaults: checkLimit, beforeCreate: checkLimit, beforeUpdate: checkLimit },
};
