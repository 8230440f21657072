import { describe, expect, it } from 'vitest';
import { getContrastRatio } from '@mui/material/styles';
import { WIDGET_COLOR_FAMILIES, WIDGET_COLOR_MODIFIERS } from '@mdis/shared';
import { widgetHeaderColors } from './widgetColor';

const solid = (color: string) => (color.startsWith('rgba') ? '#212121' : color);

describe('widget header colours', () => {
  it('keeps the chosen colours when they are readable', () => {
    expect(widgetHeaderColors('indigo darken-1', true)).toEqual({ background: '#3949ab', color: '#ffffff' });
    expect(widgetHeaderColors('amber', false)).toEqual({ background: '#ffc107', color: 'rgba(0, 0, 0, 0.87)' });
  });

  it('swaps to dark text where white is unreadable, and darkens a colour neither text reads on', () => {
    expect(widgetHeaderColors('white', true).color).toBe('rgba(0, 0, 0, 0.87)');
    const teal = widgetHeaderColors('teal darken-1', true);
    expect(teal.background).not.toBe('#00897b');
    expect(teal.color).toBe('#ffffff');
  });

  it('reaches 4.5:1 on every palette colour, whatever the widget asks for', () => {
    const names = WIDGET_COLOR_FAMILIES.flatMap((family) => [
      family,
      ...WIDGET_COLOR_MODIFIERS.map((modifier) => `${family} ${modifier}`),
    ]);
    for (const name of names)
      for (const preferWhite of [true, false]) {
        const { background, color } = widgetHeaderColors(name, preferWhite);
        if (!background?.startsWith('#') || !color) continue;
        expect(getContrastRatio(background, solid(color)), `${name} ${String(preferWhite)}`).toBeGreaterThanOrEqual(
          4.5,
        );
      }
  });

  it('leaves a header without a colour to the theme', () => {
    expect(widgetHeaderColors('transparent', true)).toEqual({ background: 'transparent', color: undefined });
  });
});
