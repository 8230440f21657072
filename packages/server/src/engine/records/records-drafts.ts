import { AppError, type PermissionHolder, isEmptyValue as isEmpty, unwrapId } from '@mdis/shared';
import { runBehaviorHook } from '../behaviors/behavior-registry';
import { columnDefaults } from './behavior-engine';
import type { Row } from './dynamic-db';
import type { RecordModel } from './record-model';
import { type RecordTargetRef, resolveTarget } from './record-target';
import type { RecordsDeps } from './records-deps';
import type { createRecordsReader } from './records-read';
import { authorize, authorizeRecord } from './steps/authorize';
import { readInput } from './steps/convert';
import { presentRows } from './steps/present';
import { presentRelationValues } from './steps/relation-values';

type Reader = ReturnType<typeof createRecordsReader>;
type ParentCheck = (scope: ReturnType<typeof authorize>, model: RecordModel, parentId: unknown) => Promise<void>;

export const missingParameter = (name: string) => `required parameter ${name} is not sent.`;

/** Columns a copy must not keep: ids, combined ids, IGSNs and what auto-increment behaviors fill. */
function columnsNotCopied(model: RecordModel): Set<string> {
  const skip = new Set(['id', 'combined_id', 'igsn']);
  for (const column of model.columns) if (column.template.autoInc) skip.add(column.name);
  for (const behavior of model.template.behaviors) {
    const target = behavior.parameters?.fieldToFill;
    if (typeof target === 'string') skip.add(target);
  }
  return skip;
}

/** Fires the `defaults` hooks on the unsaved draft (auto-increment numbers, sibling values, limits → 409). */
async function runDefaults(deps: RecordsDeps, model: RecordModel, record: Row): Promise<void> {
  // Outside a transaction: the draft is not stored, the hooks only read.
  await runBehaviorHook(deps.behaviors, 'defaults', {
    trx: deps.dynamicDb,
    model: model.template,
    record,
    engine: deps.behaviorEngine(deps.dynamicDb),
  });
}

export function createRecordsDrafts(deps: RecordsDeps, reader: Reader, checkParent: ParentCheck) {
  const { templates } = deps;
  return {
    /**
     * POST defaults: an unsaved record holding the columns' default values, the posted partial
     * record and the required filter values (a missing one → 400), then the behaviors' defaults.
     */
    defaults: async (user: PermissionHolder, ref: RecordTargetRef, params: Row): Promise<Row> => {
      const target = await resolveTarget(templates, ref);
      const scope = authorize(user, target, 'edit');
      const { model, form, writable } = target;
      const record: Row = { ...columnDefaults(model), ...readInput(params, writable) };
      for (const filter of form?.requiredFilters ?? []) {
        const value = unwrapId(filter.as, params[filter.as] ?? params[filter.value]);
        if (!isEmpty(value)) record[filter.as] = /^\d+$/.test(String(value)) ? Number(value) : value;
        else if (!filter.skipOnEmpty) throw new AppError('BAD_REQUEST', missingParameter(filter.as));
      }
      if (model.parentColumn) await checkParent(scope, model, record[model.parentColumn]);
      await runDefaults(deps, model, record);
      const [presented] = await presentRows(model, [record]);
      return presented;
    },

    /**
     * POST duplicate?id=: like the original, a new draft with the defaults (in the source's parent
     * and required filters), then every attribute still empty copied from the source, except what
     * must be unique or generated.
     */
    duplicate: async (user: PermissionHolder, ref: RecordTargetRef, id: number): Promise<Row> => {
      const target = await resolveTarget(templates, ref);
      const scope = authorize(user, target, 'edit');
      const { model, form } = target;
      const row = await reader.findRecord(model, id);
      authorizeRecord(scope, target, row);
      const [source] = await presentRows(model, [row], deps.computePseudo);
      await presentRelationValues(deps.links, model, [source]);
      const draft: Row = columnDefaults(model);
      for (const name of [model.parentColumn, ...(form?.requiredFilters ?? []).map((f) => f.as)]) {
        if (name && model.column(name) && !isEmpty(row[name])) draft[name] = row[name];
      }
      await runDefaults(deps, model, draft);
      const [defaults] = await presentRows(model, [draft]);
      const skip = columnsNotCopied(model);
      const copy = Object.fromEntries(Object.entries(source).filter(([key]) => !skip.has(key)));
      for (const [key, value] of Object.entries(defaults)) if (!isEmpty(value)) copy[key] = value;
      return copy;
    },
  };
}
