import type { ModelTemplate } from '@mdis/shared';
import type { BehaviorContext, BehaviorDefinition } from '../../../engine/behaviors/behavior-registry';
import { engineOf, isBlank } from '../../../engine/behaviors/builtin/behavior-helpers';
import { HOLE_MODEL } from './hole-link';

export const COREBOX_COMBINED_ID_BEHAVIOR = 'CoreboxCombinedIdBehavior';

/** Reference §1, CurationCorebox: set on save to the hole's combined_id + '_CB' + corebox. */
async function setCoreboxCombinedId(context: BehaviorContext): Promise<void> {
  const { record } = context;
  const engine = engineOf(context);
  const link = await engine.parentOf(context.model);
  const holeId = link ? record[link.parentColumn] : undefined;
  const hole =
    link && !isBlank(holeId)
      ? (await engine.findRecords(HOLE_MODEL, { id: holeId }, { plain: true, limit: 1 }))[0]
      : undefined;
  const holeCombinedId = hole?.combined_id;
  record.corebox_combined_id =
    isBlank(holeCombinedId) || isBlank(record.corebox) ? null : `${String(holeCombinedId)}_CB${String(record.corebox)}`;
}

/** Automatic for a core box model (a child of ProjectHole with corebox and corebox_combined_id). */
function appliesTo(model: ModelTemplate): Record<string, unknown> | undefined {
  const columns = model.columns;
  const isBox = model.parentModel === HOLE_MODEL && Object.hasOwn(columns, 'corebox');
  return isBox && Object.hasOwn(columns, 'corebox_combined_id') ? {} : undefined;
}

export const coreboxCombinedId: BehaviorDefinition = {
  auto: appliesTo,
  hooks: { beforeCreate: setCoreboxCombinedId, beforeUpdate: setCoreboxCombinedId },
};
