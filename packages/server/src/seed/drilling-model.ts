import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type FormTemplate, type ModelTemplate, parseFormTemplate, parseModelTemplate } from '@mdis/shared';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Dialect } from '../infra/db/dialect';
import { syncModelTables } from '../engine/schema-sync';
import { createTemplateStore } from '../engine/templates/template-store';
import type { Db } from '../infra/db/schema';

/**
 * The default drilling data model (reference §2.4, §3, §4) shipped as JSON files in the
 * original's format: one model template per file in templates/models, one form template per
 * file in templates/forms, one value list per file in value-lists.
 */

const valueListSchema = z.object({
  listname: z.string().min(1),
  is_locked: z.boolean(),
  list_uri: z.string().optional(),
  items: z
    .array(z.object({ display: z.string().min(1), remark: z.string().nullable(), uri: z.string().optional() }))
    .min(1),
});
export type SeedValueList = z.infer<typeof valueListSchema>;

export interface DrillingTemplates {
  models: ModelTemplate[];
  forms: FormTemplate[];
  valueLists: SeedValueList[];
}

function jsonFilesIn(relativeDir: string): unknown[] {
  const dir = fileURLToPath(new URL(relativeDir, import.meta.url));
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      try {
        return JSON.parse(readFileSync(`${dir}/${file}`, 'utf8')) as unknown;
      } catch (error) {
        throw new Error(`${relativeDir}${file}: ${error instanceof Error ? error.message : String(error)}`, {
          cause: error,
        });
      }
    });
}

/** Reads and parses every shipped template and value list (throws on a file that does not parse). */
export function loadDrillingTemplates(): DrillingTemplates {
  return {
    models: jsonFilesIn('./templates/models/').map((json) => parseModelTemplate(json)),
    forms: jsonFilesIn('./templates/forms/').map((json) => parseFormTemplate(json)),
    valueLists: jsonFilesIn('./value-lists/').map((json) => valueListSchema.parse(json)),
  };
}

async function insertValueList(db: Db, list: SeedValueList): Promise<void> {
  const { rows } = await sql<{ id: number }>`
    INSERT INTO value_lists (listname, is_locked, list_uri)
    VALUES (${list.listname}, ${list.is_locked ? 1 : 0}, ${list.list_uri ?? null}) RETURNING id`.execute(db);
  const listId = rows[0]?.id;
  // One statement per list: COUNTRIES alone has ~250 items.
  const values = list.items.map(
    (item, sort) => sql`(${listId}, ${item.display}, ${item.remark}, ${item.uri ?? null}, ${sort})`,
  );
  await sql`INSERT INTO value_list_items (list_id, display, remark, uri, sort) VALUES ${sql.join(values)}`.execute(db);
}

/** Inserts the lists that do not exist yet; an existing list (maybe edited by a curator) is left alone. */
async function seedValueLists(db: Db, lists: readonly SeedValueList[]): Promise<void> {
  const existing = await sql<{ listname: string }>`SELECT listname FROM value_lists`.execute(db);
  const names = new Set(existing.rows.map((row) => row.listname));
  await db.transaction().execute(async (trx) => {
    for (const list of lists) if (!names.has(list.listname)) await insertValueList(trx, list);
  });
}

/**
 * Stores the drilling model and form templates that are not stored yet, creates their tables
 * (parents first) and inserts the value lists that are missing. Idempotent: a template already in
 * the store (maybe changed in the template manager) is not overwritten, and its table is built
 * only if it never was.
 */
export async function seedDrillingModel(db: Db, dialect: Dialect): Promise<void> {
  const { models, forms, valueLists } = loadDrillingTemplates();
  const store = createTemplateStore(db);
  const toBuild: ModelTemplate[] = [];
  for (const model of models) {
    const stored = await store.getModel(model.fullName);
    if (!stored) toBuild.push(await store.saveModel(model, { keepTimestamps: true }));
    // Stored by an earlier start that stopped before its table was built: build it now.
    else if ((await store.syncState(model.fullName))?.appliedVersion == null) toBuild.push(stored);
  }
  await syncModelTables(db, dialect, toBuild, { templates: store.repository });
  const storedForms = new Set((await store.listForms()).map((f) => f.name));
  for (const form of forms) if (!storedForms.has(form.name)) await store.saveForm(form, { keepTimestamps: true });
  await seedValueLists(db, valueLists);
}
