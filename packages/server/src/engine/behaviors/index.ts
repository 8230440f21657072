import type { BehaviorRegistry } from './behavior-registry';
import { COMBINED_ID_BEHAVIOR, type CombinedIdNamingLookup, combinedIdBehavior } from './builtin/combined-id';
import { defaultFromOtherColumn } from './builtin/default-from-other-column';
import { defaultFromParent } from './builtin/default-from-parent';
import { defaultFromSibling } from './builtin/default-from-sibling';
import { leadingZeros } from './builtin/leading-zeros';
import { siblingsLimit } from './builtin/siblings-limit';
import { siblingsLimitFromParent } from './builtin/siblings-limit-from-parent';
import { uniqueCombinationAutoIncrement } from './builtin/unique-combination-auto-increment';

export type { CombinedIdNaming, CombinedIdNamingLookup } from './builtin/combined-id';
export { siblingsLimitMessage } from './builtin/siblings-count';

export interface BuiltinBehaviorOptions {
  /**
   * Which models build combined ids from which column. Domain knowledge: the drilling module gives
   * it. Without it, CombinedId applies only where a template lists it with a `nameColumn`.
   */
  combinedIdNaming?: CombinedIdNamingLookup;
}

/**
 * The original's generic behaviors (defaults from parent, sibling or other column, leading zeros,
 * sibling limits, auto-increment within a group, combined ids; reference §7), registered under the
 * last segment of their PHP class name, as templates name them.
 */
export function registerBuiltinBehaviors(registry: BehaviorRegistry, options: BuiltinBehaviorOptions = {}): void {
  registry.register('UniqueCombinationAutoIncrementBehavior', uniqueCombinationAutoIncrement);
  registry.register('DefaultFromSiblingBehavior', defaultFromSibling);
  registry.register('DefaultFromParentBehavior', defaultFromParent);
  registry.register('DefaultFromOtherColumnBehavior', defaultFromOtherColumn);
  registry.register('SiblingsLimitBehavior', siblingsLimit);
  registry.register('SiblingsLimitFromParentBehavior', siblingsLimitFromParent);
  registry.register('LeadingZerosBehavior', leadingZeros);
  registry.register(COMBINED_ID_BEHAVIOR, combinedIdBehavior(options.combinedIdNaming));
}
