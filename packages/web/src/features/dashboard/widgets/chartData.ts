import { queryFilterColumns } from '@mdis/shared';
import { displayText } from './settingValues';

export interface ChartRequest {
  model: string;
  xColumn: string;
  yColumn: string;
  pointsCount: number;
  queryFilter: string;
}

/**
 * The list call of a chart (spec 2 §7): `pointsCount` records of the model, its two columns only,
 * the latest x first, plus 'col1=value1&col2=value2' as filter[col]=value.
 */
export function chartListQuery(request: ChartRequest): Record<string, string | number> {
  const query: Record<string, string | number> = {
    name: request.model,
    'per-page': request.pointsCount,
    fields: `${request.xColumn},${request.yColumn}`,
    sort: `-${request.xColumn}`,
  };
  const columns = queryFilterColumns(request.queryFilter) ?? [];
  request.queryFilter
    .split('&')
    .filter((pair) => pair.trim() !== '')
    .forEach((pair, index) => {
      const column = columns[index];
      if (column) query[`filter[${column}]`] = pair.slice(pair.indexOf('=') + 1).trim();
    });
  return query;
}

/** Labels and values in ascending x order (the call returns the latest first). */
export function toSeries(
  items: readonly Record<string, unknown>[],
  xColumn: string,
  yColumn: string,
): { labels: string[]; values: (number | null)[] } {
  const ascending = [...items].reverse();
  return {
    labels: ascending.map((item) => displayText(item[xColumn])),
    values: ascending.map((item) => {
      const value = Number(item[yColumn]);
      return item[yColumn] === null || item[yColumn] === undefined || !Number.isFinite(value) ? null : value;
    }),
  };
}
