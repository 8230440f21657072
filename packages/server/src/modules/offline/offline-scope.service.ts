import {
  AppError,
  type FormTemplate,
  type ModelTemplate,
  type OfflineScope,
  type OfflineScopeEstimate,
  type PermissionHolder,
} from '@mdis/shared';
import { sql } from 'kysely';
import { scopeOf } from '../../engine/records/record-access';
import { FORM_NOT_FOUND } from '../../engine/records/record-target';
import { loadRecordModel, type RecordModel, type TemplateSource } from '../../engine/records/record-model';
import type { RecordsService } from '../../engine/records/records.service';
import type { Db } from '../../infra/db/schema';
import type { ListValuesService } from '../list-values/list-values.service';
import { versionsOf } from './record-versions';

export interface OfflineScopeOptions {
  db: Db;
  records: RecordsService;
  templates: TemplateSource;
  listValues: ListValuesService;
}

const IDS_PER_QUERY = 1000;
/** Records per form whose JSON size stands for the rest in an estimate. */
const ESTIMATE_SAMPLE = 20;

type Row = Record<string, unknown>;

/** One level of the scope: a model, the ids of its records under the root, the forms the user may view. */
interface Level {
  model: RecordModel;
  ids: number[];
  forms: FormTemplate[];
}

const chunks = <T>(items: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / IDS_PER_QUERY) }, (_, i) =>
    items.slice(i * IDS_PER_QUERY, (i + 1) * IDS_PER_QUERY),
  );

/** The ids of the records whose parent is one of `parentIds` (one indexed query per thousand). */
async function childIds(db: Db, model: RecordModel, parentIds: readonly number[]): Promise<number[]> {
  const column = model.parentColumn;
  if (!column || parentIds.length === 0) return [];
  const ids: number[] = [];
  for (const chunk of chunks(parentIds)) {
    const { rows } = await sql<{ id: number | string }>`SELECT id FROM ${sql.table(model.table)}
      WHERE ${sql.ref(column)} IN (${sql.join(chunk.map((id) => sql`${id}`))}) ORDER BY id`.execute(db);
    ids.push(...rows.map((row) => Number(row.id)));
  }
  return ids;
}

/** The levels of the scope, the root's first; forms the user may not view are left out. */
async function levels(
  { db, records, templates }: OfflineScopeOptions,
  user: PermissionHolder,
  rootForm: FormTemplate,
  rootId: number,
): Promise<Level[]> {
  await records.get(user, { kind: 'form', name: rootForm.name }, rootId);
  const [models, forms] = await Promise.all([templates.listModels(), templates.listForms()]);
  const viewable = (model: ModelTemplate) =>
    forms.filter((f) => f.dataModel === model.fullName && scopeOf(user, [f.name], 'view') !== undefined);
  const root = await loadRecordModel(templates, rootForm.dataModel);
  const found: Level[] = [{ model: root, ids: [rootId], forms: viewable(root.template) }];
  for (let index = 0; index < found.length; index++) {
    const parent = found[index];
    for (const child of models.filter((m) => m.parentModel === parent.model.fullName)) {
      if (found.some((level) => level.model.fullName === child.fullName)) continue;
      const model = await loadRecordModel(templates, child.fullName);
      found.push({ model, ids: await childIds(db, model, parent.ids), forms: viewable(child) });
    }
  }
  return found;
}

/** A form's records among `ids`, read as its list (scope and limited access applied). */
async function recordsOf(
  records: RecordsService,
  user: PermissionHolder,
  form: FormTemplate,
  ids: readonly number[],
): Promise<Row[]> {
  const rows: Row[] = [];
  for (const chunk of chunks(ids)) {
    const page = await records.list(user, { kind: 'form', name: form.name }, { 'per-page': -1 }, { ids: chunk });
    rows.push(...page.items);
  }
  return rows;
}

/** The value lists the forms' selects read. */
async function valueListsOf(
  listValues: ListValuesService,
  forms: readonly FormTemplate[],
): Promise<OfflineScope['valueLists']> {
  const names = new Set(
    forms.flatMap((form) =>
      form.fields.flatMap((field) => {
        const source = field.formInput.selectSource;
        return source?.type === 'list' && source.listName ? [source.listName] : [];
      }),
    ),
  );
  const lists: OfflineScope['valueLists'] = {};
  for (const name of [...names].sort()) lists[name] = (await listValues.list({ listname: name })).items;
  return lists;
}

async function rootForm(templates: TemplateSource, name: string): Promise<FormTemplate> {
  const form = await templates.getForm(name);
  if (!form) throw new AppError('NOT_FOUND', FORM_NOT_FOUND);
  return form;
}

/**
 * `GET api/v1/offline/scope`: a record (a hole) and every record below it (cores, sections,
 * splits, samples, ... whatever models name it as parent, level by level), with the forms, models
 * and value lists the offline screens need and each record's version. Records are read through the
 * form lists, so form permissions and limited access apply exactly as they do to a list.
 */
export function createOfflineScopeService(options: OfflineScopeOptions) {
  const { db, records, templates, listValues } = options;
  return {
    async download(user: PermissionHolder, formName: string, id: number): Promise<OfflineScope> {
      const scope = await levels(options, user, await rootForm(templates, formName), id);
      const forms = scope.flatMap((level) => level.forms);
      const recordsOfForms: OfflineScope['records'] = [];
      for (const level of scope) {
        for (const form of level.forms) {
          const rows = await recordsOf(records, user, form, level.ids);
          const versions = await versionsOf(
            db,
            level.model.table,
            rows.map((row) => Number(row.id)),
          );
          recordsOfForms.push({
            form: form.name,
            model: level.model.fullName,
            records: rows,
            versions: Object.fromEntries([...versions].map(([key, value]) => [String(key), value])),
          });
        }
      }
      return {
        root: { form: formName, id },
        takenAt: new Date().toISOString(),
        forms: forms as unknown as Row[],
        models: scope.filter((l) => l.forms.length > 0).map((l) => l.model.template) as unknown as Row[],
        records: recordsOfForms,
        valueLists: await valueListsOf(listValues, forms),
      };
    },

    /** Rows per form and a rough byte size, before the download (a whole expedition can be large). */
    async estimate(user: PermissionHolder, formName: string, id: number): Promise<OfflineScopeEstimate> {
      const scope = await levels(options, user, await rootForm(templates, formName), id);
      const rows: Record<string, number> = {};
      let bytes = 0;
      for (const level of scope) {
        for (const form of level.forms) {
          rows[form.name] = level.ids.length;
          const sample = await recordsOf(records, user, form, level.ids.slice(0, ESTIMATE_SAMPLE));
          const each = sample.length > 0 ? JSON.stringify(sample).length / sample.length : 0;
          bytes += Math.round(each * level.ids.length);
        }
      }
      const totalRows = Object.values(rows).reduce((sum, n) => sum + n, 0);
      return { root: { form: formName, id }, rows, totalRows, bytes };
    },
  };
}

export type OfflineScopeService = ReturnType<typeof createOfflineScopeService>;
