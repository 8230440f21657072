import {
  evaluateExtraFilter,
  extraFilterExpression,
  extraFilterPredicate,
  parseExtraFilter,
  type SelectSource,
} from '@mdis/shared';
import type { FormRecord } from '../../record-panel/types';

export interface SelectOption {
  value: string | number;
  text: string;
}

type Item = Readonly<Record<string, unknown>>;

/** The columns an option is read from: lists show remark and store display (spec 1 §3). */
export function optionFields(source: SelectSource): { textField: string; valueField: string } {
  if (source.type === 'list') {
    return { textField: source.textField || 'remark', valueField: source.valueField || 'display' };
  }
  const valueField = source.valueField || 'id';
  return { textField: source.textField || valueField, valueField };
}

function scalar(value: unknown): string | number | undefined {
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'boolean') return Number(value);
  return undefined;
}

function isItem(value: unknown): value is Item {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The answer's items: list-values answers a bare array, async-lists `{ items }`. */
export function answerItems(answer: unknown): Item[] {
  const items = isItem(answer) ? answer.items : answer;
  return Array.isArray(items) ? items.filter(isItem) : [];
}

export function toOptions(source: SelectSource, items: readonly Item[]): SelectOption[] {
  const { textField, valueField } = optionFields(source);
  return items.flatMap((item) => {
    const value = scalar(item[valueField]);
    if (value === undefined || value === '') return [];
    const text = scalar(item[textField]);
    return [{ value, text: text === undefined || text === '' ? String(value) : String(text) }];
  });
}

/** A list's extraFilter applied in the browser: list-values has no filter of its own. */
export function filterListItems(source: SelectSource, items: readonly Item[], formModel: FormRecord): Item[] {
  const extraFilter = source.extraFilter?.trim();
  if (!extraFilter) return [...items];
  return items.filter(extraFilterPredicate(extraFilter, formModel));
}

/** The extraFilter as `filter[col]=expr` query parameters of async-lists; `{field}` read from the record. */
export function extraFilterQuery(source: SelectSource, formModel: FormRecord): Record<string, string> {
  const extraFilter = source.extraFilter?.trim();
  if (!extraFilter) return {};
  const query: Record<string, string> = {};
  for (const condition of evaluateExtraFilter(parseExtraFilter(extraFilter), formModel)) {
    const expression = extraFilterExpression(condition);
    if (expression !== undefined) query[`filter[${condition.key}]`] = expression;
  }
  return query;
}

/** The async-lists query of a relation or api source (reference §5.2): prefix search, selected values first. */
export function asyncListQuery(
  source: SelectSource,
  formModel: FormRecord,
  search: string,
  selected: readonly (string | number)[],
): Record<string, string> {
  const { textField, valueField } = optionFields(source);
  const query: Record<string, string> = {
    name: source.model ?? '',
    fields: `${textField},${valueField}`,
    sort: textField,
    ...extraFilterQuery(source, formModel),
  };
  if (search.trim() !== '') query.q = search.trim();
  if (selected.length > 0) query.value = selected.map(String).join(',');
  return query;
}
