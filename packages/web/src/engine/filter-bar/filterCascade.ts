import type { FilterDataModel, FormTemplate } from '@mdis/shared';
import type { FilterListRequest, FilterOption } from '../api/records.api';

/** Filter-bar selections: filter key (e.g. `expedition`) → the chosen record id. */
export type FilterSelection = Partial<Record<string, number | string>>;

export interface FilterEntry extends FilterDataModel {
  key: string;
}

/** The filter keys of a form, parents before the filters that require them (left to right). */
export function orderedFilters(form: FormTemplate): FilterEntry[] {
  const entries = Object.entries(form.filterDataModels).map(([key, model]) => ({ ...model, key }));
  const placed: FilterEntry[] = [];
  const pending = [...entries];
  while (pending.length > 0) {
    const index = pending.findIndex(
      (entry) =>
        !entry.require ||
        placed.some((p) => p.key === entry.require?.value) ||
        !(entry.require.value in form.filterDataModels),
    );
    // a require cycle cannot be ordered: keep the template's order for the rest
    placed.push(...pending.splice(index === -1 ? 0 : index, 1));
  }
  return placed;
}

/** Keys that require `key`, directly or through others. */
export function dependentKeys(form: FormTemplate, key: string): string[] {
  const found: string[] = [];
  let frontier = [key];
  while (frontier.length > 0) {
    const children = orderedFilters(form)
      .filter((entry) => entry.require && frontier.includes(entry.require.value) && !found.includes(entry.key))
      .map((entry) => entry.key);
    found.push(...children);
    frontier = children;
  }
  return found;
}

/** The selection after choosing (or clearing, with null) one filter: lower selections are dropped. */
export function changeFilter(
  form: FormTemplate,
  selection: FilterSelection,
  key: string,
  value: number | string | null,
): FilterSelection {
  const chosen = value === null || value === '' ? undefined : value;
  const dropped = selection[key] === chosen ? [] : dependentKeys(form, key);
  const next: FilterSelection = {};
  for (const [k, v] of Object.entries(selection)) if (k !== key && !dropped.includes(k)) next[k] = v;
  if (chosen !== undefined) next[key] = chosen;
  return next;
}

/** The `models[]` of the filter-lists call: every filter whose required parent is chosen. */
export function filterListRequests(form: FormTemplate, selection: FilterSelection): FilterListRequest[] {
  return orderedFilters(form).flatMap((entry): FilterListRequest[] => {
    if (!entry.require) return [{ model: entry.key, require: null }];
    const parent = selection[entry.require.value];
    if (parent === undefined) return [];
    return [{ model: entry.key, require: { as: entry.require.as, value: parent } }];
  });
}

/** Drops selections that are not among their list's options any more (a record deleted elsewhere). */
export function pruneSelection(
  form: FormTemplate,
  selection: FilterSelection,
  lists: Partial<Record<string, FilterOption[]>>,
): FilterSelection {
  let next = selection;
  for (const entry of orderedFilters(form)) {
    const chosen = next[entry.key];
    const options = lists[entry.key];
    if (chosen === undefined || !options) continue;
    if (!options.some((option) => String(option.value) === String(chosen)))
      next = changeFilter(form, next, entry.key, null);
  }
  return next;
}

/** `filter[ref]=value` entries of the list call for the chosen filters. */
export function selectionFilterParams(form: FormTemplate, selection: FilterSelection): Record<string, string> {
  const params: Record<string, string> = {};
  for (const entry of orderedFilters(form)) {
    const value = selection[entry.key];
    if (value !== undefined) params[entry.ref] = String(value);
  }
  return params;
}

/** Required filters (spec 1 §4) that are not chosen and may not be skipped. */
export function missingRequiredFilters(form: FormTemplate, selection: FilterSelection): string[] {
  return form.requiredFilters
    .filter((required) => !required.skipOnEmpty && selection[required.value] === undefined)
    .map((required) => required.value);
}

/** The required filters as the record's columns (`{ hole_id: 7 }`), sent with defaults and create. */
export function requiredFilterParams(form: FormTemplate, selection: FilterSelection): Record<string, number | string> {
  const params: Record<string, number | string> = {};
  for (const required of form.requiredFilters) {
    const value = selection[required.value];
    if (value !== undefined) params[required.as] = value;
  }
  return params;
}

/**
 * The selection key of the records one batch wrote (`batch:<id>`, what an import's result links
 * to): not a filter model but the list's `batch` parameter, shown as a chip under the filter bar.
 */
export const BATCH_FILTER_KEY = 'batch';
const BATCH_PART = new RegExp(`^${BATCH_FILTER_KEY}:([0-9a-f-]{1,40})$`, 'i');

/** The batch a selection lists the records of, if any. */
export function batchOf(selection: FilterSelection): string | undefined {
  const batch = selection[BATCH_FILTER_KEY];
  return typeof batch === 'string' ? batch : undefined;
}

/** The selection without its batch (what the next visit of the form starts from). */
export function withoutBatch(selection: FilterSelection): FilterSelection {
  if (batchOf(selection) === undefined) return selection;
  const { [BATCH_FILTER_KEY]: _batch, ...rest } = selection;
  return rest;
}

/** The route's `filter` query: `expedition:1,site:2` (a field key paired with a numeric value), `batch:<id>`. */
export function encodeRouteFilter(selection: FilterSelection): string {
  return Object.entries(selection)
    .map(([key, value]) => `${key}:${String(value)}`)
    .join(',');
}

export function parseRouteFilter(text: string | null | undefined): FilterSelection {
  const selection: FilterSelection = {};
  for (const part of (text ?? '').split(',')) {
    const batch = BATCH_PART.exec(part.trim());
    if (batch) {
      selection[BATCH_FILTER_KEY] = batch[1];
      continue;
    }
    const match = /^([\w-]+):(-?\d+)$/.exec(part.trim());
    if (match?.[1] && match[2]) selection[match[1]] = Number(match[2]);
  }
  return selection;
}
