import { describe, expect, it } from 'vitest';
import { WIDGET_DEFAULTS, type Widget } from '@mdis/shared';
import { queryFilterErrors, toDraft, validateDraft } from './widgetForm';

const COLOR_MESSAGE = 'Please enter, select or pick a valid color';

const chart: Widget = {
  ...WIDGET_DEFAULTS,
  id: 6,
  type: 'SimpleChartWidget',
  order: 0,
  extraSettings: { model: 'CoreCore', xColumn: 'combined_id', yColumn: 'core_recovery', chartType: 'bar' },
};

describe('widget settings validation', () => {
  it.each(['blue', 'blue darken-2', 'deep-purple accent-4', '#abc', '#A1B2C3', '#12345'])(
    'accepts colour %j',
    (color) => {
      expect(validateDraft(chart.type, { ...toDraft(chart), color })).toEqual({});
    },
  );

  it.each(['', 'bleu', 'blue darken-9', '#ab', '#1234567', '#ggg', 'rgb(0,0,0)'])(
    'refuses colour %j with the exact message',
    (color) => {
      expect(validateDraft(chart.type, { ...toDraft(chart), color })).toEqual({ color: COLOR_MESSAGE });
    },
  );

  it("names the chart's empty table and columns with the original's messages", () => {
    const draft = { ...toDraft(chart), extraSettings: { model: '', xColumn: ' ', yColumn: '' } };
    expect(validateDraft(chart.type, draft)).toEqual({
      'extraSettings.model': 'Table cannot be empty',
      'extraSettings.xColumn': 'x Axis Column cannot be empty',
      'extraSettings.yColumn': 'y Axis Column cannot be empty',
    });
  });

  it('refuses a map tiles URL with a trailing slash', () => {
    const map = { ...chart, type: 'SitesAndHolesMapWidget', extraSettings: { tilesBaseUrl: 'https://tiles.example/' } };
    expect(validateDraft(map.type, toDraft(map))).toEqual({
      'extraSettings.tilesBaseUrl': 'The tiles URL must not end with a slash',
    });
  });
});

describe('chart query filter', () => {
  const columns = ['combined_id', 'core_recovery', 'hole_id'];

  it('accepts an empty filter and one of known columns', () => {
    expect(queryFilterErrors('', columns)).toEqual({});
    expect(queryFilterErrors('hole_id=3&core_recovery=>1', columns)).toEqual({});
  });

  it('names the first column that does not exist', () => {
    expect(queryFilterErrors('hole_id=3&depth=5', columns)).toEqual({
      'extraSettings.queryFilter': 'depth in Query Filter does not exist',
    });
  });

  it("refuses text that is not of the form 'col1=value1&col2=value2'", () => {
    expect(queryFilterErrors('hole_id', columns)).toEqual({
      'extraSettings.queryFilter': "Query Filter must look like 'col1=value1&col2=value2'",
    });
  });

  it('leaves the column check to the server while the columns are unknown', () => {
    expect(queryFilterErrors('depth=5', undefined)).toEqual({});
  });
});
