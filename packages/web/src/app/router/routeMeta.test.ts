import { describe, expect, it } from 'vitest';
import { breadcrumbsFor, pageKey, pageTitleFor } from './routeMeta';

describe('route meta', () => {
  it.each([
    ['/', ['Dashboard']],
    ['/settings', ['Dashboard', 'Settings']],
    ['/settings/users', ['Dashboard', 'Settings', 'User Management']],
    ['/settings/templates-manager/models/core', ['Dashboard', 'Settings', 'Template Manager']],
    ['/forms/core-form', ['Dashboard', 'Core']],
    ['/reset-password/3/abc', ['Reset password']],
    ['/no/such/page', ['Dashboard', 'HTTP Error 404']],
  ])('breadcrumbs of %s', (path, labels) => {
    expect(breadcrumbsFor(path).map((c) => c.label)).toEqual(labels);
  });

  it.each([
    ['/', 'mDIS', 'Dashboard - mDIS'],
    ['/settings/users', 'mDIS', 'User Management | Settings - mDIS'],
    ['/login', 'DIS', 'Login - DIS'],
    ['/settings', '', 'Settings'],
  ])('title of %s with suffix %s', (path, suffix, title) => {
    expect(pageTitleFor(path, suffix)).toBe(title);
  });

  it('names a form by its label, and by its name in words until the menu has loaded', () => {
    const labels = (name: string) => (name === 'split' ? 'Section Split' : name);
    expect(breadcrumbsFor('/forms/split-form/3', labels).map((c) => c.label)).toEqual(['Dashboard', 'Section Split']);
    expect(breadcrumbsFor('/forms/sample-request-form').map((c) => c.label)).toEqual(['Dashboard', 'Sample Request']);
  });

  it('keeps one page for a form with and without a record id, so choosing a record does not remount it', () => {
    expect(pageKey('/forms/core-form/12')).toBe(pageKey('/forms/core-form'));
    // a record made offline has a negative temporary id: choosing it keeps the page too
    expect(pageKey('/forms/core-form/-3')).toBe(pageKey('/forms/core-form'));
    expect(pageKey('/forms/core-form')).not.toBe(pageKey('/forms/hole-form'));
    expect(pageKey('/settings/users')).toBe('/settings/users');
  });
});
