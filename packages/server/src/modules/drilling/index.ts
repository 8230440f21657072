import type { BehaviorRegistry } from '../../engine/behaviors/behavior-registry';
import { COREBOX_COMBINED_ID_BEHAVIOR, coreboxCombinedId } from './behaviors/corebox-combined-id';
import { createUpdateCorebox } from './behaviors/create-update-corebox';
import { cumulativeSectionLength } from './behaviors/cumulative-section-length';
import { splittableSection } from './behaviors/splittable-section';
import { validateSplitOriginType } from './behaviors/validate-split-origin-type';

// How the drilling models name themselves in combined ids: shared with the browser (offline).
export { drillingCombinedIdNaming } from '@mdis/shared';

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
