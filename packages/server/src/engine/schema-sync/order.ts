import type { ModelTemplate } from '@mdis/shared';

function referencedTables(model: ModelTemplate): string[] {
  return Object.values(model.relations).flatMap((r) =>
    r.relationType !== 'nm' && r.foreignTable && r.foreignTable !== model.table ? [r.foreignTable] : [],
  );
}

/**
 * Models in an order in which their tables can be created: every parent or 1n target before the
 * models referencing it (PostgreSQL needs the referenced table to exist). Otherwise stable; a
 * reference cycle keeps the given order for the models in it.
 */
export function orderByDependencies(models: readonly ModelTemplate[]): ModelTemplate[] {
  const byTable = new Map(models.map((m) => [m.table, m]));
  const ordered: ModelTemplate[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (model: ModelTemplate) => {
    if (state.has(model.table)) return;
    state.set(model.table, 'visiting');
    for (const table of referencedTables(model)) {
      const target = byTable.get(table);
      if (target) visit(target);
    }
    state.set(model.table, 'done');
    ordered.push(model);
  };
  models.forEach(visit);
  return ordered;
}
