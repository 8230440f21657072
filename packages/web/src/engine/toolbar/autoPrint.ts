import type { ReportInfo } from '../api/records.api';
import { readFormStorage, writeFormStorage } from '../storage/formStorage';
import { autoPrintReport } from './reportLinks';

// Stored when the user chose "no auto print": null means never chosen (then the automatic choice holds).
const NONE_CHOSEN = '';

export interface AutoPrintSetting {
  report: string | null;
  onSave: boolean;
}

/**
 * The form's auto-print setting (spec 1 §4, stored per form). Never chosen before: the one report
 * that can auto-print, when exactly one can. A report no longer offered counts as none, and auto
 * print is off without a report.
 */
export function autoPrintSetting(form: string, single: readonly ReportInfo[]): AutoPrintSetting {
  const stored = readFormStorage(form);
  if (stored.autoPrintReport === NONE_CHOSEN) return { report: null, onSave: false };
  const offered = single.filter((report) => report.canAutoPrint).map((report) => report.name);
  const report =
    stored.autoPrintReport !== null && offered.includes(stored.autoPrintReport)
      ? stored.autoPrintReport
      : (autoPrintReport([...single])?.name ?? null);
  return { report, onSave: report !== null && stored.autoPrintOnSave };
}

export function storeAutoPrint(form: string, setting: AutoPrintSetting): void {
  writeFormStorage(form, {
    autoPrintReport: setting.report ?? NONE_CHOSEN,
    autoPrintOnSave: setting.report !== null && setting.onSave,
  });
}

/** The direct-print address of a record's auto-print report. */
export function autoPrintUrl(model: string, form: string, report: string, id: number): string {
  const params = new URLSearchParams({ model, form, id: String(id), print: '1' });
  return `report/${encodeURIComponent(report)}?${params.toString()}`;
}

/** After a save: prints the saved record when the form prints on save (the stored setting decides). */
export function printAfterSave(model: string, form: string, id: number): void {
  const stored = readFormStorage(form);
  if (!stored.autoPrintOnSave || !stored.autoPrintReport || id <= 0) return;
  window.open(autoPrintUrl(model, form, stored.autoPrintReport, id), '_blank');
}
