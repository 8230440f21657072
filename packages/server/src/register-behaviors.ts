import { registerBuiltinBehaviors } from './engine/behaviors';
import type { BehaviorRegistry } from './engine/behaviors/behavior-registry';
import { registerIgsnBehavior } from './modules/igsn/igsn-behavior';
import { drillingCombinedIdNaming, registerDrillingBehaviors } from './modules/drilling';
import { registerDepthModel } from './modules/drilling/depth/depth-model.behavior';
import { DRILLING_IGSN_ANCESTORS } from './modules/drilling/igsn-ancestors';
import { DRILLING_ACCESS_CODE_COLUMNS } from './modules/drilling/access-codes';
import { registerAccessCodeColumns } from './engine/records/record-access';

/**
 * Every behavior the server knows, registered once per app: the generic ones of the engine, the
 * IGSN behavior (told which drilling models hold its codes) and the drilling domain's rules. One
 * line per source of behaviors; last, the drilling level limited access matches by its code.
 */
export function registerBehaviors(registry: BehaviorRegistry): void {
  registerBuiltinBehaviors(registry, { combinedIdNaming: drillingCombinedIdNaming });
  registerIgsnBehavior(registry, { defaults: DRILLING_IGSN_ANCESTORS });
  registerDrillingBehaviors(registry);
  registerDepthModel(registry);
  registerAccessCodeColumns(DRILLING_ACCESS_CODE_COLUMNS);
}
