import { useQuery } from '@tanstack/react-query';
import type { FormTemplate, ModelTemplate } from '@mdis/shared';
import { recordKeys, recordsApi, type FormRecord } from '../api/records.api';
import { orderedFilters, type FilterSelection } from '../filter-bar/filterCascade';
import type { ParentRecord } from '../record-panel';

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

function numericId(value: unknown): number | null {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  return typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : null;
}

/**
 * The parent of the record being edited or created, for formulas that read it
 * (`hole.drillers_reference_height`, issue 18 item 10): the filter whose column is the model's parent
 * column names the parent form; its id is the draft's own parent column, else the filter bar's choice
 * (a new record's parent). Loaded only while editing; undefined until loaded or without a parent filter.
 */
export function useParentRecord(
  form: FormTemplate,
  model: ModelTemplate | undefined,
  draft: FormRecord | null,
  filter: FilterSelection,
  editing: boolean,
): ParentRecord | undefined {
  const relation = Object.values(model?.relations ?? {}).find((r) => r.relationType === 'parent');
  const column = relation?.localColumns?.[0];
  const entry = column ? orderedFilters(form).find((candidate) => candidate.ref === column) : undefined;
  const id = entry ? (numericId(draft?.[entry.ref]) ?? numericId(filter[entry.key])) : null;
  const parent = useQuery({
    queryKey: recordKeys.detail(entry?.key ?? '', id ?? 0),
    queryFn: () => recordsApi.get(entry?.key ?? '', id ?? 0),
    enabled: editing && entry !== undefined && id !== null,
    retry: false,
  });
  if (!entry || !column || !parent.data || numericId(parent.data.id) !== id) return undefined;
  // the names the server resolves a path's first segment by (record-model's ancestors)
  const names = ['parent', entry.key, column.replace(/_id$/, ''), lowerFirst(model?.parentModel ?? '')];
  return { names, record: parent.data };
}
