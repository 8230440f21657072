import { describe, expect, it } from 'vitest';
import { DEFAULT_APP_CONFIG, invalidConfigKeyMessage, isValidConfigKey } from './app-config';

describe('isValidConfigKey', () => {
  it.each([
    ['theme', true],
    ['map.tiles-url', true],
    ['a.b.c', true],
    ['AppName', true],
    ['useDefaultUser', true],
    ['UserManagementUrl', true],
    ['Theme', false],
    ['theme1', false],
    ['.theme', false],
    ['theme.', false],
    ['some_key', false],
    ['__proto__', false],
    ['constructor', true],
    ['', false],
  ])('%j → %s', (key, expected) => {
    expect(isValidConfigKey(key)).toBe(expected);
  });
  it("answers with the original's message", () => {
    expect(invalidConfigKeyMessage('Bad_Key')).toBe("'Bad_Key' is not a valid config key");
  });
  it("has the original's default texts", () => {
    expect(DEFAULT_APP_CONFIG.AppName).toBe('Drilling Information System');
    expect(DEFAULT_APP_CONFIG.AppShortName).toBe('mDIS');
    expect(DEFAULT_APP_CONFIG.CopyrightText).toBe('ICDP 2021');
  });
});
