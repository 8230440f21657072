import { describe, expect, it } from 'vitest';
import { chartListQuery, toSeries } from './chartData';

describe('chart data', () => {
  it('asks for pointsCount records of the two columns, latest x first, with the query filter', () => {
    expect(
      chartListQuery({
        model: 'CoreCore',
        xColumn: 'combined_id',
        yColumn: 'core_recovery',
        pointsCount: 20,
        queryFilter: 'hole_id=3&core_type=R',
      }),
    ).toEqual({
      name: 'CoreCore',
      'per-page': 20,
      fields: 'combined_id,core_recovery',
      sort: '-combined_id',
      'filter[hole_id]': '3',
      'filter[core_type]': 'R',
    });
  });

  it('draws the points in ascending x order; a missing y is a gap', () => {
    const items = [
      { combined_id: 'A_3', core_recovery: 2.5 },
      { combined_id: 'A_2', core_recovery: null },
      { combined_id: 'A_1', core_recovery: '1.5' },
    ];
    expect(toSeries(items, 'combined_id', 'core_recovery')).toEqual({
      labels: ['A_1', 'A_2', 'A_3'],
      values: [1.5, null, 2.5],
    });
  });
});
