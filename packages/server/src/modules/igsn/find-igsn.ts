import {
  AppError,
  type FormTemplate,
  type IgsnMatch,
  IgsnError,
  isValidIgsn,
  type ModelTemplate,
  normalizeIgsn,
  type PermissionHolder,
} from '@mdis/shared';
import type { Db } from '../../infra/db/schema';
import { queryColumns } from '../../engine/records/record-columns';
import { loadRecordModel, type TemplateSource } from '../../engine/records/record-model';
import type { RecordsService } from '../../engine/records/records.service';
import { textOf } from '../../engine/records/dynamic-db';
import { mayViewForm, mayViewModel } from '../../engine/templates/template-access';
import { createIgsnRegistry, type IgsnRegistryRow } from './igsn-registry.repository';

export interface IgsnFinderDeps {
  db: Db;
  templates: TemplateSource;
  records: Pick<RecordsService, 'list'>;
}

/** The original's info text: combined_id, else the column named like the model (`core`), else ''. */
function infoColumnOf(model: ModelTemplate): string | undefined {
  if (Object.hasOwn(model.columns, 'combined_id')) return 'combined_id';
  const own = model.name.toLowerCase();
  return Object.hasOwn(model.columns, own) ? own : undefined;
}

/** The form that opens the record: the first (by name) of its model's forms the user may view. */
function formOf(forms: readonly FormTemplate[], model: string, user: PermissionHolder): FormTemplate | undefined {
  return forms
    .filter((form) => form.dataModel === model && mayViewForm(user, form.name))
    .sort((a, b) => a.name.localeCompare(b.name))[0];
}

function idOf(value: unknown): number | null {
  const id = Number(value);
  return value !== null && value !== undefined && value !== '' && Number.isSafeInteger(id) ? id : null;
}

/** A prefix search lists at most this many records (spec 1 §2: several matches as name@id + info). */
export const MAX_IGSN_PREFIX_MATCHES = 25;

/**
 * `GET app/find-igsn/{igsn}`: the record an IGSN was issued for, looked up in the registry by its
 * unique index (one query for every model at once, instead of the original's UNION over every
 * model table), then read through the records engine so that the user's permissions and
 * limited-access scope apply. A text that is no issued IGSN is taken as the start of some
 * (`ICDP5065EC` → the cores of 5065), an index range of the registry: the lookup screen and the
 * scanner then list the several matches. Unknown, deleted or not viewable → [] (the original's
 * empty answer). Only registered IGSNs are found: with `igsn.save-to-database` off nothing is.
 */
export function createIgsnFinder({ db, templates, records }: IgsnFinderDeps) {
  const registry = createIgsnRegistry(db);

  /** The viewable records of one model among the issued rows, in one list call. */
  async function matchesOf(user: PermissionHolder, dataModel: string, issued: readonly IgsnRegistryRow[]) {
    const template = await templates.getModel(dataModel);
    if (!template || !Object.hasOwn(template.columns, 'igsn')) return [];
    const forms = await templates.listForms((f) => f.dataModel === template.fullName);
    if (!mayViewModel(user, template.fullName, forms)) return [];

    const model = await loadRecordModel(templates, template.fullName);
    const available = queryColumns(model);
    const form = formOf(forms, template.fullName, user);
    const filters = Object.entries(form?.filterDataModels ?? {}).filter(([, definition]) =>
      available.has(definition.ref),
    );
    const info = infoColumnOf(template);
    const fields = new Set(['id', 'igsn', ...(info ? [info] : []), ...filters.map(([, f]) => f.ref)]);
    // Through the form when there is one: its permission is the one checked, and resolving a form
    // is cheaper than collecting every form of the model. Only the named columns: no pseudo columns.
    const page = await records.list(
      user,
      form ? { kind: 'form', name: form.name } : { kind: 'global', name: template.fullName },
      { fields: [...fields], 'per-page': issued.length },
      { ids: issued.map((row) => row.model_id) },
    );
    const issuedTo = new Map(issued.map((row) => [row.model_id, row.igsn]));
    // The registry keeps IGSNs of deleted records; an id may then belong to another record.
    return page.items
      .filter((row) => issuedTo.get(Number(row.id)) === normalizeIgsn(textOf(row.igsn)))
      .map((row) => ({
        igsn: normalizeIgsn(textOf(row.igsn)),
        match: {
          id: Number(row.id),
          data_model: template.fullName,
          info: info ? textOf(row[info]) : '',
          filter: Object.fromEntries(filters.map(([key, definition]) => [key, idOf(row[definition.ref])])),
        } satisfies IgsnMatch,
      }));
  }

  return async function findIgsn(user: PermissionHolder, text: string): Promise<IgsnMatch[]> {
    if (!isValidIgsn(text)) throw new AppError('BAD_REQUEST', new IgsnError('NOT_VALID', text.trim()).message);
    const igsn = normalizeIgsn(text);
    const exact = await registry.find(igsn);
    const issued = exact ? [exact] : await registry.withPrefix(igsn, MAX_IGSN_PREFIX_MATCHES);
    const byModel = new Map<string, IgsnRegistryRow[]>();
    for (const row of issued) byModel.set(row.data_model, [...(byModel.get(row.data_model) ?? []), row]);
    const found = (await Promise.all([...byModel].map(([model, rows]) => matchesOf(user, model, rows)))).flat();
    return found.sort((a, b) => (a.igsn < b.igsn ? -1 : a.igsn > b.igsn ? 1 : 0)).map((entry) => entry.match);
  };
}

export type IgsnFinder = ReturnType<typeof createIgsnFinder>;
