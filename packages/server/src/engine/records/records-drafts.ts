import { AppError, type PermissionHolder } from '@mdis/shared';
import type { Row } from './dynamic-db';
import type { RecordModel } from './record-model';
import { type RecordTargetRef, resolveTarget } from './record-target';
import type { RecordsDeps } from './records-deps';
import type { createRecordsReader } from './records-read';
import { authorize, authorizeRecord } from './steps/authorize';
import { readInput, toStorage, unwrapId } from './steps/convert';
import { presentRows } from './steps/present';
import { presentRelationValues } from './steps/relation-values';
import { isEmpty } from './steps/validate';

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

export function createRecordsDrafts(deps: RecordsDeps, reader: Reader, checkParent: ParentCheck) {
  const { templates } = deps;
  return {
    /**
     * POST defaults: an unsaved record holding the columns' default values, the posted partial
     * record and the required filter values (a missing one → 400).
     */
    defaults: async (user: PermissionHolder, ref: RecordTargetRef, params: Row): Promise<Row> => {
      const target = await resolveTarget(templates, ref);
      const scope = authorize(user, target, 'edit');
      const { model, form, writable } = target;
      const record: Row = {};
      for (const column of model.columns) {
        const value = column.template.defaultValue;
        if (column.name !== 'id' && !isEmpty(value)) record[column.name] = toStorage(column, value);
      }
      Object.assign(record, readInput(params, writable));
      for (const filter of form?.requiredFilters ?? []) {
        const value = unwrapId(filter.as, params[filter.as] ?? params[filter.value]);
        if (!isEmpty(value)) record[filter.as] = /^\d+$/.test(String(value)) ? Number(value) : value;
        else if (!filter.skipOnEmpty) throw new AppError('BAD_REQUEST', missingParameter(filter.as));
      }
      if (model.parentColumn) await checkParent(scope, model, record[model.parentColumn]);
      const [presented] = await presentRows(model, [record]);
      return presented;
    },

    /** POST duplicate?id=: an unsaved copy of the record, without what must be unique or generated. */
    duplicate: async (user: PermissionHolder, ref: RecordTargetRef, id: number): Promise<Row> => {
      const target = await resolveTarget(templates, ref);
      const scope = authorize(user, target, 'edit');
      const row = await reader.findRecord(target.model, id);
      authorizeRecord(scope, target, row);
      const [record] = await presentRows(target.model, [row], deps.computePseudo);
      await presentRelationValues(deps.links, target.model, [record]);
      const skip = columnsNotCopied(target.model);
      return Object.fromEntries(Object.entries(record).filter(([key]) => !skip.has(key)));
    },
  };
}
