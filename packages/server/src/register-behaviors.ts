import type { BehaviorRegistry } from './engine/behaviors/behavior-registry';

/**
 * Every behavior the server knows, registered once per app: the generic ones of the engine, the
 * IGSN behavior and the drilling domain's rules. One line per source of behaviors.
 */
export function registerBehaviors(registry: BehaviorRegistry): void {
  // Each source adds one line here, e.g. registerBuiltinBehaviors(registry);
  if (registry.list().length < 0) throw new Error('unreachable');
}
