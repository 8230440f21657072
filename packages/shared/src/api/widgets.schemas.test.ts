import { describe, expect, it } from 'vitest';
import { isWidgetColor, queryFilterColumns, widgetSettingsSchema } from './widgets.schemas';

describe('widget colour (spec 2 §5)', () => {
  it.each(['red', 'blue darken-2', 'light-blue accent-4', 'blue-grey lighten-5', 'white', '#fff', '#03A9F4', '#abcd'])(
    'accepts %s',
    (color) => expect(isWidgetColor(color)).toBe(true),
  );
  it.each(['', 'blue darken-5', 'darken-1', 'white lighten-1', '#ab', '#abcdefa', 'fff', '#ggg', 'rgb(0,0,0)'])(
    'refuses %s',
    (color) => expect(isWidgetColor(color)).toBe(false),
  );
});

describe('chart query filter', () => {
  it('names the columns of col1=value1&col2=value2', () => {
    expect(queryFilterColumns('hole=A&depth=>10')).toEqual(['hole', 'depth']);
    expect(queryFilterColumns('')).toEqual([]);
    expect(queryFilterColumns('hole')).toBeUndefined();
    expect(queryFilterColumns('=A')).toBeUndefined();
  });

  it('reports the messages of an empty chart', () => {
    const result = widgetSettingsSchema('SimpleChartWidget').safeParse({ model: ' ', chartType: 'area' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Table cannot be empty',
      'x Axis Column cannot be empty',
      'y Axis Column cannot be empty',
      'Chart type must be one of line, pie, bar, radar, doughnut',
    ]);
  });

  it('takes any settings for a type it does not know', () => {
    expect(widgetSettingsSchema('FutureWidget').parse({ anything: [1] })).toEqual({ anything: [1] });
  });
});
