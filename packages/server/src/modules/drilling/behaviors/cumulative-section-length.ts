import { AppError } from '@mdis/shared';
import type { BehaviorContext, BehaviorDefinition } from '../../../engine/behaviors/behavior-registry';
import {
  PARAMETER_MESSAGES,
  engineOf,
  isBlank,
  numberParameter,
  sameValue,
} from '../../../engine/behaviors/builtin/behavior-helpers';
import { DRILLING_MESSAGES } from './drilling-messages';

const LENGTH = 'section_length';
const RECOVERY = 'core_recovery';
const LAST_SECTION = 'section_count';

/** Ratios compared at 6 decimals: 2.97 m of sections over 2.7 m recovered is 1.1, not 1.1000000000000003. */
const ratioOf = (total: number, recovery: number) => Math.round((total / recovery) * 1e6) / 1e6;

const conflict = (message: string) => new AppError('CONFLICT', message);

/**
 * Σ section lengths of the core (with this one) over the core's recovery must stay within
 * [minRelativeLength, maxRelativeLength]. Too long is refused as soon as it happens (more sections
 * only add length); too short only on the core's last section (section_count), as in the original.
 */
async function checkCumulativeLength(context: BehaviorContext): Promise<void> {
  const { record, previous, model, parameters } = context;
  const engine = engineOf(context);
  const link = await engine.parentOf(model);
  if (!link) return;
  const coreColumn = link.parentColumn;
  const moved = previous && !sameValue(record[coreColumn], previous[coreColumn]);
  if (previous && !moved && sameValue(record[LENGTH], previous[LENGTH])) return;
  const coreId = record[coreColumn];
  if (isBlank(coreId)) return;
  const core = (await engine.findRecords(link.parent.fullName, { id: coreId }, { plain: true, limit: 1 })).at(0);
  if (!core) return;
  const recovery = Number(core[RECOVERY] ?? 0);
  if (!(recovery > 0)) {
    // The original refused registering sections on such a core; editing one recorded earlier stays possible.
    if (!previous) throw conflict(DRILLING_MESSAGES.noCoreRecovery);
    return;
  }
  // A core has a handful of sections: summed here rather than in SQL.
  const others = (await engine.findRecords(model.fullName, { [coreColumn]: coreId }, { plain: true })).filter(
    (section) => !sameValue(section.id, record.id),
  );
  const total = others.reduce((sum, section) => sum + Number(section[LENGTH] ?? 0), Number(record[LENGTH] ?? 0));
  const ratio = ratioOf(total, recovery);
  const max = numberParameter(parameters, 'maxRelativeLength');
  const min = numberParameter(parameters, 'minRelativeLength');
  if (max !== undefined && ratio > max) throw conflict(DRILLING_MESSAGES.sectionsTooLong);
  const last = !isBlank(core[LAST_SECTION]) && others.length + 1 === Number(core[LAST_SECTION]);
  if (last && min !== undefined && ratio < min) throw conflict(DRILLING_MESSAGES.sectionsTooShort);
}

function checkRatio(parameters: Record<string, unknown>, name: string, low: number, high: number, message: string) {
  if (isBlank(parameters[name])) return [PARAMETER_MESSAGES.empty(name)];
  const value = numberParameter(parameters, name);
  return value !== undefined && value >= low && value <= high ? [] : [message];
}

/** CumulativeSectionLength (reference §7, legacy: not in the default templates), before a section is saved. */
export const cumulativeSectionLength: BehaviorDefinition = {
  parameters: [
    {
      name: 'minRelativeLength',
      kind: 'number',
      hint: 'The lower cut-off value for core validation (ratio, between 0.8 and 1.0).',
    },
    {
      name: 'maxRelativeLength',
      kind: 'number',
      hint: 'The upper cut-off value for core validation (ratio, between 1.0 and 1.2).',
    },
  ],
  validate: (parameters, model) => [
    ...checkRatio(parameters, 'minRelativeLength', 0.8, 1, DRILLING_MESSAGES.minRelativeLength),
    ...checkRatio(parameters, 'maxRelativeLength', 1, 1.2, DRILLING_MESSAGES.maxRelativeLength),
    ...(Object.hasOwn(model.columns, LENGTH) ? [] : [PARAMETER_MESSAGES.noColumn(LENGTH)]),
  ],
  hooks: { beforeCreate: checkCumulativeLength, beforeUpdate: checkCumulativeLength },
};
