import { modelTemplateSchema, parentColumnOf } from '@mdis/shared';
import { offlineDb, type StoredRecord } from './offlineDb';
import { unmarkKeptOffline } from './registerOffline';
import { notifyOfflineChange } from './offlineStatus';
import { formTemplate, keptScopes, setKeptScopes, type KeptScope } from './offlineStore';
import { keptScopeTitle } from './scopeTitle';

/**
 * Removing a scope kept offline from this browser (issue 22): its records leave IndexedDB, unless
 * changes made to them wait for the server. The last scope takes the templates, value lists and
 * kept answers with it, and the browser stops working offline.
 */

type ScopeName = Pick<KeptScope, 'form' | 'id' | 'title'>;

export const dropRefusedMessage = (scope: ScopeName, pending: number): string =>
  `${keptScopeTitle(scope)} has ${String(pending)} ${pending === 1 ? 'change' : 'changes'} waiting for the server: sync ${pending === 1 ? 'it' : 'them'} (or discard ${pending === 1 ? 'it' : 'them'}) before removing it from this browser.`;

/** The stored records of a scope: its root and, level by level, the records whose parent is in it. */
async function scopeRecords(scope: Pick<KeptScope, 'form' | 'id'>): Promise<StoredRecord[]> {
  const db = offlineDb();
  const root = await formTemplate(scope.form);
  if (!root) return [];
  const models = (await db.templates.where('key').startsWith('model:').toArray()).map((row) =>
    modelTemplateSchema.parse(row.template),
  );
  const records = await db.records.toArray();
  const ids = new Map<string, Set<number>>([[root.dataModel, new Set([scope.id])]]);
  for (let grew = true; grew;) {
    grew = false;
    for (const child of models) {
      const parent = models.find((model) => model.fullName === child.parentModel);
      const parentIds = parent && ids.get(parent.fullName);
      if (!parent || !parentIds || ids.has(child.fullName)) continue;
      const column = parentColumnOf(child, parent);
      const below = records.filter((row) => row.model === child.fullName && parentIds.has(Number(row.record[column])));
      ids.set(child.fullName, new Set(below.map((row) => row.id)));
      grew = true;
    }
  }
  return records.filter((row) => ids.get(row.model)?.has(row.id));
}

/** Removes a kept scope; refuses (Error with a message for the user) while its changes wait. */
export async function dropScope(scope: ScopeName): Promise<void> {
  const db = offlineDb();
  const rows = await scopeRecords(scope);
  const pending = rows.filter((row) => row.pending !== undefined).length;
  if (pending > 0) throw new Error(dropRefusedMessage(scope, pending));
  const others = (await keptScopes()).filter((kept) => kept.form !== scope.form || kept.id !== scope.id);
  const last = others.length === 0 && (await db.queue.count()) === 0;
  await db.transaction('rw', [db.records, db.templates, db.valueLists, db.answers, db.meta], async () => {
    await db.records.bulkDelete(rows.map((row) => row.key));
    await setKeptScopes(others);
    if (last) await Promise.all([db.records.clear(), db.templates.clear(), db.valueLists.clear(), db.answers.clear()]);
  });
  if (last) unmarkKeptOffline();
  notifyOfflineChange();
}
