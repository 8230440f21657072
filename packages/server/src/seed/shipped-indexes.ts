import type { IndexTemplate, ModelTemplate } from '@mdis/shared';
import { syncModelTable } from '../engine/schema-sync';
import type { TemplateStore } from '../engine/templates/template-store';
import type { Dialect } from '../infra/db/dialect';
import type { Db } from '../infra/db/schema';
import { loadDrillingTemplates } from './drilling-model';

// Seeding stores a shipped template only on a new database and never overwrites it, so an index a
// later version adds to a shipped template (samples' `top`, which `sort=-top` reads backwards) would
// never reach an older installation. Each start gives a stored model the shipped indexes it was not
// given yet, once: `shipped_indexes` remembers every shipped index an installation has seen (a new
// database's come with its templates), so an index an administrator removes afterwards stays
// removed. Only the index is added: the rest of the stored template (a curator's edits) is kept.
// An installation that removed a shipped index before this step existed gets it back once.

let shippedModels: ModelTemplate[] | undefined;

function sameColumns(a: IndexTemplate, b: IndexTemplate): boolean {
  return a.columns.length === b.columns.length && a.columns.every((column, i) => column === b.columns[i]);
}

/** The shipped indexes the stored model lacks (by name and by columns) and could have (its columns exist). */
function missingIndexes(
  stored: ModelTemplate,
  shipped: ModelTemplate,
  given: ReadonlySet<string>,
): [string, IndexTemplate][] {
  const have = Object.values(stored.indices);
  return Object.entries(shipped.indices).filter(
    ([key, index]) =>
      !given.has(key) &&
      !(key in stored.indices) &&
      !have.some((other) => sameColumns(other, index)) &&
      index.columns.every((column) => column in stored.columns),
  );
}

async function recordGiven(db: Db, model: string, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  const at = new Date().toISOString();
  await db
    .insertInto('shipped_indexes')
    .values(names.map((name) => ({ model, index_name: name, offered_at: at })))
    .onConflict((conflict) => conflict.columns(['model', 'index_name']).doNothing())
    .execute();
}

/**
 * Adds to each stored shipped model the shipped indexes it was never given, and builds them when its
 * table is in step with its template (otherwise the next table build of the template manager does,
 * together with the edits waiting there). Answers `model.index` of every index added.
 */
export async function addShippedIndexes(db: Db, dialect: Dialect, templates: TemplateStore): Promise<string[]> {
  shippedModels ??= loadDrillingTemplates().models;
  const rows = await db.selectFrom('shipped_indexes').select(['model', 'index_name']).execute();
  const added: string[] = [];
  for (const shipped of shippedModels) {
    const stored = await templates.getModel(shipped.fullName);
    if (!stored) continue;
    const given = new Set(rows.filter((row) => row.model === shipped.fullName).map((row) => row.index_name));
    const missing = missingIndexes(stored, shipped, given);
    if (missing.length > 0) {
      const before = await templates.syncState(shipped.fullName);
      const indices = { ...stored.indices, ...Object.fromEntries(missing) };
      const saved = await templates.saveModel({ ...stored, indices }, { keepTimestamps: true });
      if (before && before.appliedVersion === before.version)
        await syncModelTable(db, dialect, saved, { templates: templates.repository });
      added.push(...missing.map(([key]) => `${shipped.fullName}.${key}`));
    }
    const names = Object.keys(shipped.indices).filter((key) => !given.has(key));
    await recordGiven(db, shipped.fullName, names);
  }
  return added;
}
