import type { ReportInfo } from '../api/records.api';

export interface ReportContext {
  model: string;
  form: string;
  /** The current record (single-record reports). */
  id: number | null;
  /** Ticked rows; without them a multi-record report runs on the list's filter and sort. */
  specificIds: number[];
  sort: string;
  filters: Record<string, string>;
  columns: string[];
}

export interface ReportEntry {
  report: ReportInfo;
  /** Whether it runs on the current record, or on the list. */
  single: boolean;
}

/** `report/{name}?model&form&id` or `…&columns&sort&filters&specific-ids` (spec 1 §7 Reports). */
export function reportUrl(entry: ReportEntry, context: ReportContext): string {
  const params = new URLSearchParams({ model: context.model, form: context.form });
  if (entry.single && context.id !== null) params.set('id', String(context.id));
  else {
    params.set('columns', context.columns.join(','));
    params.set('sort', context.sort);
    params.set('filters', JSON.stringify(context.filters));
    if (context.specificIds.length > 0) params.set('specific-ids', context.specificIds.join(','));
  }
  return `report/${encodeURIComponent(entry.report.name)}?${params.toString()}`;
}

/** Exports go to the Export menu, every other report type to the report menu. */
export function splitReports(single: ReportInfo[], multiple: ReportInfo[], hasSelection: boolean) {
  const entries: ReportEntry[] = [
    ...(hasSelection ? single.map((report) => ({ report, single: true })) : []),
    ...multiple.map((report) => ({ report, single: false })),
  ];
  return {
    exports: entries.filter((e) => e.report.type === 'export'),
    reports: entries.filter((e) => e.report.type !== 'export'),
  };
}
