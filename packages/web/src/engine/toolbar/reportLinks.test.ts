import { describe, expect, it } from 'vitest';
import type { ReportInfo } from '../api/records.api';
import {
  autoPrintReport,
  entryTitle,
  isActionReport,
  reportUrl,
  splitReports,
  type ReportContext,
} from './reportLinks';

const info = (name: string, extra: Partial<ReportInfo> = {}): ReportInfo => ({
  name,
  title: name,
  type: 'report',
  directPrint: false,
  canAutoPrint: false,
  confirmationMessage: null,
  ...extra,
});

const context: ReportContext = {
  model: 'CoreCore',
  form: 'core',
  id: 12,
  specificIds: [],
  sort: '-core',
  filters: { hole_id: '3', core_type: 'R' },
  columns: ['core', 'combined_id'],
};

const query = (url: string) => Object.fromEntries(new URL(url, 'http://host/').searchParams);

describe('report links', () => {
  it('opens a single-record report on the current record', () => {
    const url = reportUrl({ report: info('Details'), single: true }, context);
    expect(url).toBe('report/Details?model=CoreCore&form=core&id=12');
  });

  it("opens a list report with the table's visible columns, sort and filters", () => {
    const url = reportUrl({ report: info('ListCsv', { type: 'export' }), single: false }, context);
    expect(url.startsWith('report/ListCsv?')).toBe(true);
    expect(query(url)).toEqual({
      model: 'CoreCore',
      form: 'core',
      columns: 'core,combined_id',
      sort: '-core',
      filters: '{"hole_id":"3","core_type":"R"}',
    });
  });

  it("exports the records of one import when the list shows them (the list's batch)", () => {
    const batch = '0b7e2c4a-5d1f-4e8a-9c3b-2f6d8a1e4b70';
    const url = reportUrl({ report: info('ListCsv', { type: 'export' }), single: false }, { ...context, batch });
    expect(query(url).batch).toBe(batch);
  });

  it('sends the ticked rows as specific-ids, and asks a direct-print report to print', () => {
    const ticked = reportUrl({ report: info('List'), single: false }, { ...context, specificIds: [4, 7] });
    expect(query(ticked)['specific-ids']).toBe('4,7');
    const label = reportUrl({ report: info('CoreQrCodes', { directPrint: true }), single: true }, context);
    expect(label).toBe('report/CoreQrCodes?model=CoreCore&form=core&id=12&print=1');
  });

  it('encodes a report name and filter values safely', () => {
    const url = reportUrl({ report: info('A B'), single: false }, { ...context, filters: { comment: 'a&b=c' } });
    expect(url.startsWith('report/A%20B?')).toBe(true);
    expect(JSON.parse(query(url).filters)).toEqual({ comment: 'a&b=c' });
  });

  it('puts only exports in Export, and reports and actions (on the record or the list) in Reports', () => {
    const single = [info('Details'), info('SplitSection', { type: 'action' })];
    const multiple = [info('List'), info('ListCsv', { type: 'export' }), info('SplitSection', { type: 'action' })];
    const withRecord = splitReports(single, multiple, true);
    expect(withRecord.reports.map((e) => [e.report.name, e.single])).toEqual([
      ['Details', true],
      ['SplitSection', true],
      ['List', false],
      ['SplitSection', false],
    ]);
    expect(withRecord.exports.map((e) => [e.report.name, e.single])).toEqual([['ListCsv', false]]);
    expect(splitReports(single, multiple, false).reports.map((e) => e.report.name)).toEqual(['List', 'SplitSection']);
    expect(isActionReport(withRecord.reports[1] ?? { report: info('x'), single: true })).toBe(true);
    expect(withRecord.reports.map((e) => entryTitle(e, withRecord.reports))).toEqual([
      'Details',
      'SplitSection',
      'List',
      'SplitSection (listed records)',
    ]);
  });

  it('chooses the auto-print report only when exactly one can auto-print', () => {
    expect(autoPrintReport([info('Details'), info('CoreQrCodes', { canAutoPrint: true })])?.name).toBe('CoreQrCodes');
    expect(autoPrintReport([info('A', { canAutoPrint: true }), info('B', { canAutoPrint: true })])).toBeNull();
    expect(autoPrintReport([info('Details')])).toBeNull();
  });
});
