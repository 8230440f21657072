import { validationError } from '@mdis/shared';
import type { BehaviorContext, BehaviorDefinition } from '../../../engine/behaviors/behavior-registry';
import { PARAMETER_MESSAGES, engineOf, isBlank, sameValue } from '../../../engine/behaviors/builtin/behavior-helpers';
import { DRILLING_MESSAGES } from './drilling-messages';
import { WHOLE_ROUND } from './splittable-section';

/** The columns the rule reads: a write that changes none of them cannot break it. */
const RULE_COLUMNS = ['type', 'origin_split_id'];

/**
 * A section's first split must be its whole round; every later split other than a whole round must
 * name, as its origin, a split of the same section (the original looked the origin up by type; here
 * the origin is the `origin_split_id` the form selects, and origin_split_type shows its type).
 */
async function checkOrigin(context: BehaviorContext): Promise<void> {
  const { record, previous, model } = context;
  const engine = engineOf(context);
  const sectionColumn = (await engine.parentOf(model))?.parentColumn ?? 'section_id';
  // Editing the box or the weight of a split recorded before this rule (or imported) stays possible.
  if (previous && [...RULE_COLUMNS, sectionColumn].every((c) => sameValue(record[c], previous[c]))) return;
  const sectionId = record[sectionColumn];
  if (isBlank(sectionId) || record.type === WHOLE_ROUND) return;
  const others = (await engine.findRecords(model.fullName, { [sectionColumn]: sectionId }, { plain: true })).filter(
    (split) => !sameValue(split.id, record.id),
  );
  if (others.length === 0) throw validationError([{ field: 'type', message: DRILLING_MESSAGES.firstSplitWholeRound }]);
  const origin = record.origin_split_id;
  if (isBlank(origin) || !others.some((split) => sameValue(split.id, origin))) {
    throw validationError([{ field: 'origin_split_id', message: DRILLING_MESSAGES.originTypeMissing }]);
  }
}

/** ValidateSplitOriginType (reference §7), on every insert and update of a split: 422 with the original's wording. */
export const validateSplitOriginType: BehaviorDefinition = {
  parameters: [],
  // No parameters; the model must be a split model (the original refused any other class).
  validate: (_parameters, model) =>
    RULE_COLUMNS.filter((column) => !Object.hasOwn(model.columns, column)).map(PARAMETER_MESSAGES.noColumn),
  hooks: { beforeCreate: checkOrigin, beforeUpdate: checkOrigin },
};
