import type { BehaviorContext, BehaviorDefinition } from '../behavior-registry';
import { PARAMETER_MESSAGES, checkColumnParameters, isBlank, textParameter } from './behavior-helpers';
import { parentRecord } from './parent-record';

async function copyFromParent(context: BehaviorContext): Promise<void> {
  const source = textParameter(context.parameters, 'parentSourceColumn');
  const destination = textParameter(context.parameters, 'destinationColumn');
  if (!isBlank(context.record[destination])) return;
  const parent = await parentRecord(context, source);
  const value = parent?.[source];
  if (!isBlank(value)) context.record[destination] = value;
}

/** DefaultFromParent (reference §7): on defaults, the destination takes the parent record's value. */
export const defaultFromParent: BehaviorDefinition = {
  parameters: [
    { name: 'parentSourceColumn', kind: 'text', hint: "the parent record's column to copy (may be a pseudo column)" },
    { name: 'destinationColumn', kind: 'column', hint: 'column of the new record that receives the value' },
  ],
  // The source lives in the parent model: only its presence is checked here.
  validate: (parameters, model) => [
    ...(textParameter(parameters, 'parentSourceColumn') ? [] : [PARAMETER_MESSAGES.empty('parentSourceColumn')]),
    ...checkColumnParameters(parameters, model, ['destinationColumn']),
  ],
  hooks: { defaults: copyFromParent },
};
