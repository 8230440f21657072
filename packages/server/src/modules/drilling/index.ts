import type { ModelTemplate } from '@mdis/shared';
import type { BehaviorRegistry } from '../../engine/behaviors/behavior-registry';
import type { CombinedIdNaming } from '../../engine/behaviors';
import { COREBOX_COMBINED_ID_BEHAVIOR, coreboxCombinedId } from './behaviors/corebox-combined-id';
import { createUpdateCorebox } from './behaviors/create-update-corebox';
import { cumulativeSectionLength } from './behaviors/cumulative-section-length';
import { splittableSection } from './behaviors/splittable-section';
import { validateSplitOriginType } from './behaviors/validate-split-origin-type';

/**
 * How the drilling models name themselves in combined ids (reference §2.5):
 * 5065 → 5065_1 → 5065_1_A → 5065_1_A_001 → 5065_1_A_001_1 → 5065_1_A_001_1_WR.
 */
const COMBINED_ID_NAMING: Record<string, CombinedIdNaming> = {
  // The expedition level is the expedition code (5065), not its acronym, as in the original.
  ProjectExpedition: { nameColumn: 'expedition' },
  ProjectSite: { nameColumn: 'site' },
  ProjectHole: { nameColumn: 'hole' },
  CoreCore: { nameColumn: 'core', padding: 3 },
  CoreSection: { nameColumn: 'section' },
  CurationSectionSplit: { nameColumn: 'type' },
  // Below the cascade, the same rule with each model's NAME attribute (as the demo data builds them).
  CurationSample: { nameColumn: 'id' },
  CurationCorebox: { nameColumn: 'corebox', derived: [{ column: 'corebox_combined_id', separator: '_CB' }] },
  CurationSampleRequest: { nameColumn: 'request_no' },
};

export function drillingCombinedIdNaming(model: ModelTemplate): CombinedIdNaming | undefined {
  return COMBINED_ID_NAMING[model.fullName];
}

/**
 * The drilling domain's rules of the original (reference §7): sections get their whole round split,
 * splits check their origin type, cores find or create their core box. Registered under the
 * last segment of the original's PHP class name, as templates name them.
 */
export function registerDrillingBehaviors(registry: BehaviorRegistry): void {
  registry.register('SplittableSectionBehavior', splittableSection);
  registry.register('ValidateSplitOriginTypeBehavior', validateSplitOriginType);
  registry.register('CumulativeSectionLengthBehavior', cumulativeSectionLength);
  registry.register('CreateUpdateCoreboxBehavior', createUpdateCorebox);
  registry.register(COREBOX_COMBINED_ID_BEHAVIOR, coreboxCombinedId);
}
