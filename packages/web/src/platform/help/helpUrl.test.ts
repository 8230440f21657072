import { describe, expect, it } from 'vitest';
import { helpUrl } from './helpUrl';

describe('helpUrl', () => {
  it.each([
    ['https://help.example/mdis/', 'dashboard', 'https://help.example/mdis/dashboard'],
    ['https://help.example/mdis', 'dashboard', 'https://help.example/mdis/dashboard'],
    ['https://help.example/mdis/', '/forms/core.html', 'https://help.example/mdis/forms/core.html'],
    ['https://help.example/mdis/', '', 'https://help.example/mdis/'],
    ['', 'dashboard', 'dashboard'],
  ])('%s + %s = %s', (base, name, expected) => {
    expect(helpUrl(base, name)).toBe(expected);
  });
});
