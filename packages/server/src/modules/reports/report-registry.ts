import type { ReportInfo, ReportLists } from '@mdis/shared';
import type { ReportDefinition } from './report-definition';
import { appliesTo } from './report-target';
import { coreSectionsPdfReport, coreSectionsReport } from './reports/core-sections.report';
import { detailsReport } from './reports/details.report';
import { exportValueListReport } from './reports/export-value-list.report';
import { geoSampleProfileReport } from './reports/geo-sample-profile.report';
import { labelReports } from './reports/labels.report';
import { listExportReports } from './reports/list-exports.report';
import { listReport } from './reports/list.report';
import { lithologySectionReport } from './reports/lithology-section.report';
import { splitSectionReport } from './reports/split-section.report';
import { visualCoreDescriptionReport } from './reports/visual-core-description.report';
import { createSampleSeriesReport } from './sample-series/create-sample-series.report';
import { undoSampleSeriesReport } from './sample-series/undo-sample-series.report';

/** Every report, one file each under ./reports (reference §6). */
export const REPORTS: readonly ReportDefinition[] = [
  detailsReport,
  listReport,
  ...listExportReports,
  exportValueListReport,
  ...labelReports,
  visualCoreDescriptionReport,
  coreSectionsReport,
  coreSectionsPdfReport,
  splitSectionReport,
  lithologySectionReport,
  geoSampleProfileReport,
  createSampleSeriesReport,
  undoSampleSeriesReport,
];

export function findReport(name: string): ReportDefinition | undefined {
  return REPORTS.find((report) => report.name === name);
}

/** Whether a report may auto-print (undefined: no such report); the files module's auto-print-image asks. */
export function canAutoPrint(name: string): boolean | undefined {
  const report = findReport(name);
  return report && (report.canAutoPrint ?? false);
}

export function reportInfo(report: ReportDefinition): ReportInfo {
  return {
    name: report.name,
    title: report.title,
    model: report.model.source,
    type: report.type,
    singleRecord: report.records === 'both' ? null : report.records === 'single',
    directPrint: report.directPrint ?? false,
    canAutoPrint: report.canAutoPrint ?? false,
    confirmationMessage: report.confirmationMessage ?? null,
    opensPage: report.opensPage ?? false,
  };
}

const byTitleThenType = (a: ReportInfo, b: ReportInfo) =>
  a.title.localeCompare(b.title, 'en') || a.type.localeCompare(b.type, 'en');

/** Reports as menus list them: single-record and list reports, each sorted by title then type. */
export function reportLists(reports: readonly ReportDefinition[]): ReportLists {
  const infos = reports.map(reportInfo);
  return {
    single: infos.filter((r) => r.singleRecord !== false).sort(byTitleThenType),
    multiple: infos.filter((r) => r.singleRecord !== true).sort(byTitleThenType),
  };
}

/** The reports of a model's menus (standalone reports are not offered there). */
export function reportsForModel(modelName: string): ReportDefinition[] {
  return REPORTS.filter((report) => appliesTo(report, modelName));
}
