import type { BehaviorContext, BehaviorDefinition } from '../behavior-registry';
import { PARAMETER_MESSAGES, checkColumnParameters, numberParameter, textParameter } from './behavior-helpers';
import { addsSibling, assertBelowLimit } from './siblings-count';

async function checkLimit(context: BehaviorContext): Promise<void> {
  const parentRef = textParameter(context.parameters, 'parentRefColumn');
  if (!addsSibling(context, parentRef)) return;
  await assertBelowLimit(context, parentRef, numberParameter(context.parameters, 'limit'));
}

/**
 * SiblingsLimit (reference §7): at most `limit` records per parent → 409. Checked on defaults (the
 * form learns it before anything is typed) and again before create and re-parenting, so that the
 * API cannot bypass it.
 */
export const siblingsLimit: BehaviorDefinition = {
  parameters: [
    { name: 'parentRefColumn', kind: 'column', hint: 'column holding the parent id; siblings share its value' },
    { name: 'limit', kind: 'number', hint: 'the largest number of siblings, a number bigger than 0' },
  ],
  validate: (parameters, model) => {
    const limit = numberParameter(parameters, 'limit');
    return [
      ...checkColumnParameters(parameters, model, ['parentRefColumn']),
      ...(limit !== undefined && limit > 0 ? [] : [PARAMETER_MESSAGES.limit]),
    ];
  },
  hooks: { defaults: checkLimit, beforeCreate: checkLimit, beforeUpdate: checkLimit },
};
