import type { BehaviorContext, BehaviorDefinition } from '../behavior-registry';
import { checkColumnParameters, columnOf, engineOf, isBlank, textParameter } from './behavior-helpers';

async function copyFromNewestSibling(context: BehaviorContext): Promise<void> {
  const { model, record, parameters } = context;
  const parentRef = textParameter(parameters, 'parentRefColumn');
  const source = textParameter(parameters, 'sourceColumn');
  const destination = textParameter(parameters, 'destinationColumn');
  if (isBlank(record[parentRef]) || !isBlank(record[destination])) return;
  // The newest sibling is the one with the highest id; the source may be a computed (pseudo) column,
  // e.g. the previous core's drillers_bottom_depth becomes the next core's drillers_top_depth.
  const sourceIsStored = columnOf(model, source)?.type !== 'pseudo';
  const siblings = await engineOf(context).findRecords(
    model.fullName,
    { [parentRef]: record[parentRef] },
    { orderBy: 'id', direction: 'desc', limit: 1, plain: sourceIsStored },
  );
  const value = siblings.at(0)?.[source];
  if (!isBlank(value)) record[destination] = value;
}

/** DefaultFromSibling (reference §7): on defaults, the destination takes the newest sibling's source value. */
export const defaultFromSibling: BehaviorDefinition = {
  parameters: [
    { name: 'parentRefColumn', kind: 'column', hint: 'column holding the parent id; siblings share its value' },
    { name: 'sourceColumn', kind: 'column', hint: "the newest sibling's column (may be a pseudo column) to copy" },
    { name: 'destinationColumn', kind: 'column', hint: 'column of the new record that receives the value' },
  ],
  validate: (parameters, model) =>
    checkColumnParameters(parameters, model, ['parentRefColumn', 'sourceColumn', 'destinationColumn']),
  hooks: { defaults: copyFromNewestSibling },
};
