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
  /** The list's batch (the records of one import), if the list is narrowed to one. */
  batch?: string | undefined;
  columns: string[];
}

export interface ReportEntry {
  report: ReportInfo;
  /** Whether it runs on the current record, or on the list. */
  single: boolean;
}

/**
 * `report/{name}?model&form&id` or `…&columns&sort&filters&specific-ids` (spec 1 §7 Reports),
 * relative to the page so that it also works below a path prefix. A direct-print report gets
 * `print=1`: its page opens the print dialog by itself.
 */
export function reportUrl(entry: ReportEntry, context: ReportContext): string {
  const params = new URLSearchParams({ model: context.model, form: context.form });
  if (entry.single && context.id !== null) params.set('id', String(context.id));
  else {
    params.set('columns', context.columns.join(','));
    params.set('sort', context.sort);
    params.set('filters', JSON.stringify(context.filters));
    if (context.specificIds.length > 0) params.set('specific-ids', context.specificIds.join(','));
    if (context.batch !== undefined) params.set('batch', context.batch);
  }
  if (entry.report.directPrint) params.set('print', '1');
  return `report/${encodeURIComponent(entry.report.name)}?${params.toString()}`;
}

/** An action report changes data: it runs through an authenticated POST, never by opening its URL. */
export function isActionReport(entry: ReportEntry): boolean {
  return entry.report.type === 'action';
}

/**
 * The Export menu holds only exports (type `export`); the report menu everything else: reports and
 * actions such as "Split sections", on the current record (only with one) or on the list
 * (spec 1 §2: "report and export menus"; reference §6 SINGLE_RECORD).
 */
export function splitReports(single: ReportInfo[], multiple: ReportInfo[], hasSelection: boolean) {
  const entries = [
    ...(hasSelection ? single.map((report): ReportEntry => ({ report, single: true })) : []),
    ...multiple.map((report): ReportEntry => ({ report, single: false })),
  ];
  return {
    reports: entries.filter((entry) => entry.report.type !== 'export'),
    exports: entries.filter((entry) => entry.report.type === 'export'),
  };
}

/**
 * The menu text of an entry: its title; a report offered both on the record and on the list gets
 * " (listed records)" on its list entry, so that the two can be told apart.
 */
export function entryTitle(entry: ReportEntry, menu: readonly ReportEntry[]): string {
  const title = entry.report.title ?? entry.report.name;
  const twin = menu.some((other) => other.single && other.report.name === entry.report.name);
  return !entry.single && twin ? `${title} (listed records)` : title;
}

/** The one report that can auto-print, when exactly one can (spec 1 §4); otherwise none. */
export function autoPrintReport(single: ReportInfo[]): ReportInfo | null {
  const candidates = single.filter((report) => report.canAutoPrint);
  return candidates.length === 1 ? (candidates[0] ?? null) : null;
}
