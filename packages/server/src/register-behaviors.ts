import { registerBuiltinBehaviors } from './engine/behaviors';
import type { BehaviorRegistry } from './engine/behaviors/behavior-registry';
import { registerIgsnBehavior } from './engine/igsn/igsn-behavior';
import { drillingCombinedIdNaming, registerDrillingBehaviors } from './modules/drilling';
import { registerDepthModel } from './modules/drilling/depth/depth-model.behavior';

/**
 * Every behavior the server knows, registered once per app: the generic ones of the engine, the
 * IGSN behavior and the drilling domain's rules. One line per source of behaviors.
 */
export function registerBehaviors(registry: BehaviorRegistry): void {
  registerBuiltinBehaviors(registry, { combinedIdNaming: drillingCombinedIdNaming });
  registerIgsnBehavior(registry);
  registerDrillingBehaviors(registry);
  registerDepthModel(registry);
}
