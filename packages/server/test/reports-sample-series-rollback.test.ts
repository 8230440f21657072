import { AppError } from '@mdis/shared';
import { describe, expect, it, vi } from 'vitest';
import type { ReportInput } from '../src/modules/reports/report-definition';
import { parseReportQuery } from '../src/modules/reports/report-query';
import { createSampleSeriesReport } from '../src/modules/reports/sample-series/create-sample-series.report';

// A failure half-way through a series cannot be provoked through the seeded templates (every
// sample of a series is valid or none is), so the records engine is replaced here.
describe('CreateSampleSeries: all or nothing', () => {
  it('should not leave the first samples behind when a later one fails', async () => {
    let next = 100;
    const created: number[] = [];
    const records = {
      get: vi.fn(() => Promise.resolve({ id: 7, combined_id: 'S7', curated_length: 120 })),
      create: vi.fn(() => {
        if (created.length === 2) return Promise.reject(new AppError('CONFLICT', 'third sample refused'));
        created.push(++next);
        return Promise.resolve({ id: next });
      }),
      remove: vi.fn(() => Promise.resolve()),
    };
    const sampleSeries = { create: vi.fn() };
    const input = {
      deps: { records, sampleSeries },
      user: { id: 1, roles: ['administrator'], permissions: [] },
      query: parseReportQuery({ form: 'split', id: '7', length: '5', count: '3' }),
      definition: createSampleSeriesReport,
      target: { ref: { kind: 'form', name: 'split' }, model: { fullName: 'CurationSectionSplit' }, form: undefined },
    } as unknown as ReportInput;

    await expect(createSampleSeriesReport.run?.(input)).rejects.toThrow('third sample refused');
    expect(records.create).toHaveBeenCalledTimes(3);
    expect(records.remove.mock.calls.map((call: unknown[]) => call[2])).toEqual([102, 101]);
    expect(sampleSeries.create).not.toHaveBeenCalled();
  });
});
