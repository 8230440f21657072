import type { ModelTemplate } from '@mdis/shared';

type ModelLink = Pick<ModelTemplate, 'fullName' | 'module' | 'parentModel'>;

/** How many ancestors a model has along `parentModel` (a cycle or a missing parent ends the walk). */
function depthOf(model: ModelLink, byName: ReadonlyMap<string, ModelLink>): number {
  const seen = new Set([model.fullName]);
  let parent = model.parentModel ? byName.get(model.parentModel) : undefined;
  while (parent && !seen.has(parent.fullName)) {
    seen.add(parent.fullName);
    parent = parent.parentModel ? byName.get(parent.parentModel) : undefined;
  }
  return seen.size - 1;
}

/**
 * The order of the data model, so that a day's work reads top-down: a module comes after the
 * modules its models' parents live in (Project → Core → Curation → Geology); among modules free to
 * come next, those in the parent tree before standalone ones (Archive, Contact), then the one with
 * the most models below it; models by their depth in the tree.
 * Templates declare only `module` and `parentModel`, so this is derived from them, never alphabetical
 * except to break a tie.
 */
export function dataModelOrder(models: readonly ModelLink[]): { modules: string[]; depth: Map<string, number> } {
  const byName = new Map(models.map((m) => [m.fullName, m]));
  const depth = new Map(models.map((m) => [m.fullName, depthOf(m, byName)]));
  const parentsOf = new Map<string, Set<string>>();
  const weight = new Map<string, number>();
  for (const model of models) {
    const parents = parentsOf.get(model.module) ?? new Set<string>();
    parentsOf.set(model.module, parents);
    const parentModule = model.parentModel ? byName.get(model.parentModel)?.module : undefined;
    if (parentModule !== undefined && parentModule !== model.module) parents.add(parentModule);
    // every ancestor's module gains this model below it
    let ancestor = model.parentModel ? byName.get(model.parentModel) : undefined;
    for (let hops = 0; ancestor && hops < models.length; hops++) {
      weight.set(ancestor.module, (weight.get(ancestor.module) ?? 0) + 1);
      ancestor = ancestor.parentModel ? byName.get(ancestor.parentModel) : undefined;
    }
  }
  const modules: string[] = [];
  const left = new Set(parentsOf.keys());
  while (left.size > 0) {
    const candidates = [...left];
    const ready = candidates.filter((m) => [...(parentsOf.get(m) ?? [])].every((p) => !left.has(p)));
    // a cycle between modules: take them all, heaviest first
    const pool = ready.length > 0 ? ready : candidates;
    const inTree = (m: string) => ((weight.get(m) ?? 0) > 0 || (parentsOf.get(m)?.size ?? 0) > 0 ? 1 : 0);
    pool.sort((a, b) => inTree(b) - inTree(a) || (weight.get(b) ?? 0) - (weight.get(a) ?? 0) || a.localeCompare(b));
    const next = pool[0];
    modules.push(next);
    left.delete(next);
  }
  return { modules, depth };
}
