import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeForm, renderPanel } from '../fields/test/renderPanel';
import { useFormShortcuts } from '../shortcuts/useFormShortcuts';
import { COMPACT_DISPLAY_COOKIE, setCompactDisplay, toggleCompactDisplay } from './compactDisplay';

// A site form as the template manager writes it (see shared fixtures/site-form.json).
const SITE_FORM = makeForm([
  { name: 'comment', label: 'Comment', formInput: { type: 'textarea' }, group: '-group1', order: 0 },
  {
    name: 'site',
    label: 'Site',
    validators: [{ type: 'required' }, { type: 'string', min: null, max: 10 }],
    group: 'Site Details',
    order: 0,
  },
  {
    name: 'latitude',
    label: 'Latitude',
    validators: [{ type: 'number', min: -90, max: 90 }],
    group: 'Site Details',
    order: 2,
  },
  {
    name: 'combined_id',
    label: 'Combined Id',
    validators: [{ type: 'string', min: null, max: 255 }],
    formInput: { disabled: true },
    group: 'Site Details',
    order: 1,
  },
  { name: 'start_time', label: 'Start', formInput: { type: 'datetime' }, group: 'Drilling Details', order: 1 },
]);

const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { selector: 'input, textarea' });
const labels = (container: HTMLElement) =>
  [...container.querySelectorAll('label')].map((label) => label.textContent.replace(/\s+/g, ' ').trim());

describe('record panel layout', () => {
  it('shows groups in order with headings, except groups starting with "-"', () => {
    renderPanel(SITE_FORM, {});
    const headings = screen.getAllByRole('heading').map((h) => h.textContent);
    expect(headings).toEqual(['Site Details', 'Drilling Details']);
    expect(screen.queryByText('-group1')).toBeNull();
    const details = screen.getByRole('region', { name: 'Site Details' });
    expect(labels(details)).toEqual(['*Site', 'Combined Id', 'Latitude']);
  });

  it('puts every field into one group without headings when compact', () => {
    const { container } = renderPanel(SITE_FORM, {}, { compact: true });
    expect(screen.queryAllByRole('heading')).toEqual([]);
    expect(container.querySelectorAll('[data-group]')).toHaveLength(1);
    expect(labels(container)).toEqual(['Comment', '*Site', 'Combined Id', 'Latitude', 'Start']);
  });

  it('prefixes required labels with * and disables what the template disables', () => {
    renderPanel(SITE_FORM, {});
    expect(input('*Site')).toBeTruthy();
    expect(input('Combined Id').disabled).toBe(true);
    expect(screen.getByText('0 / 10')).toBeTruthy();
    // Nobody types into a disabled column: no counter there.
    expect(screen.queryByText('0 / 255')).toBeNull();
  });
});

describe('compact display preference (cookie, alt+shift+c)', () => {
  afterEach(() => {
    document.cookie = `${COMPACT_DISPLAY_COOKIE}=; path=/; max-age=0`;
  });

  it('follows the cookie when the form screen passes no compact flag', () => {
    const { container } = renderPanel(SITE_FORM, {}, { compact: undefined });
    expect(screen.getAllByRole('heading')).toHaveLength(2);
    act(() => {
      toggleCompactDisplay();
    });
    expect(screen.queryAllByRole('heading')).toEqual([]);
    expect(container.querySelectorAll('[data-group]')).toHaveLength(1);
    expect(document.cookie).toContain(`${COMPACT_DISPLAY_COOKIE}=true`);
    act(() => {
      toggleCompactDisplay();
    });
    expect(screen.getAllByRole('heading')).toHaveLength(2);
    expect(document.cookie).toContain(`${COMPACT_DISPLAY_COOKIE}=false`);
  });

  it('switches with alt+shift+c once the form screen binds the shortcut to toggleCompactDisplay', async () => {
    function Shortcuts() {
      useFormShortcuts({ compactDisplay: toggleCompactDisplay });
      return null;
    }
    render(<Shortcuts />);
    renderPanel(SITE_FORM, {});
    await userEvent.keyboard('{Alt>}{Shift>}C{/Shift}{/Alt}');
    expect(screen.queryAllByRole('heading')).toEqual([]);
    await userEvent.keyboard('{Alt>}{Shift>}C{/Shift}{/Alt}');
    expect(screen.getAllByRole('heading')).toHaveLength(2);
  });

  it('starts compact when the cookie says so (a reload keeps the preference)', () => {
    setCompactDisplay(true);
    renderPanel(SITE_FORM, {});
    expect(screen.queryAllByRole('heading')).toEqual([]);
  });

  it('lets an explicit compact flag win over the cookie', () => {
    setCompactDisplay(true);
    renderPanel(SITE_FORM, {}, { compact: false });
    expect(screen.getAllByRole('heading')).toHaveLength(2);
  });
});

describe('record panel scenarios', () => {
  it('is read-only in view and shows no client messages there', async () => {
    const { changes } = renderPanel(
      SITE_FORM,
      { site: '', latitude: 'north' },
      { scenario: 'view', showAllErrors: true },
    );
    expect(input('*Site').readOnly).toBe(true);
    await userEvent.type(input('*Site'), 'x');
    expect(changes).toEqual([]);
    expect(screen.queryByText('Site is required')).toBeNull();
    expect(screen.queryByText('0 / 10')).toBeNull();
  });

  it('shows a client message only once the field was edited', async () => {
    renderPanel(SITE_FORM, { site: 'A', latitude: 100 }, { scenario: 'edit' });
    expect(screen.queryByText('Latitude must be <= 90')).toBeNull();
    await userEvent.clear(input('*Site'));
    expect(screen.getByText('Site is required')).toBeTruthy();
    expect(screen.queryByText('Latitude must be <= 90')).toBeNull();
  });

  it('shows every client message with showAllErrors (after a refused save)', () => {
    renderPanel(SITE_FORM, { latitude: 100 }, { scenario: 'create', showAllErrors: true });
    expect(screen.getByText('Site is required')).toBeTruthy();
    expect(screen.getByText('Latitude must be <= 90')).toBeTruthy();
  });
});

describe('server errors (422)', () => {
  const errors = [
    { field: 'site', message: 'Site "1" has already been taken.' },
    { field: 'expedition_id', message: 'Expedition is required' },
  ];

  it('shows each message under its field and all of them in a summary', () => {
    renderPanel(SITE_FORM, { site: '1' }, { serverErrors: errors });
    const summary = screen.getByRole('alert');
    expect(within(summary).getByText('site: Site "1" has already been taken.')).toBeTruthy();
    expect(within(summary).getByText('expedition_id: Expedition is required')).toBeTruthy();
    const siteBox = input('*Site').closest('.MuiFormControl-root') as HTMLElement;
    expect(within(siteBox).getByText('Site "1" has already been taken.')).toBeTruthy();
  });

  it('lets the user dismiss the summary', async () => {
    const onDismiss = vi.fn();
    renderPanel(SITE_FORM, { site: '1' }, { serverErrors: errors, onDismissServerErrors: onDismiss });
    await userEvent.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Close' }));
    expect(onDismiss).toHaveBeenCalledOnce();
  });

  it('replaces the server message by the client one once the user edits the field', async () => {
    renderPanel(SITE_FORM, { site: '1' }, { serverErrors: errors });
    await userEvent.clear(input('*Site'));
    const siteBox = input('*Site').closest('.MuiFormControl-root') as HTMLElement;
    expect(within(siteBox).getByText('Site is required')).toBeTruthy();
  });
});

describe('nested objects tagged with @uuid', () => {
  const HOLE_UUID = '0b3c1a52-8f1e-4d7a-9c55-2f1f0a6e9b10';
  const form = makeForm([
    { name: 'hole_id', label: 'Hole', formInput: { type: 'text' } },
    { name: 'comment', label: 'Comment' },
  ]);

  it('restores a cached object into a later record and keeps it through edits', async () => {
    const hole = { '@uuid': HOLE_UUID, id: 4, hole: 'A' };
    renderPanel(form, { hole_id: hole }, { scenario: 'view' });
    cleanup();
    const { last } = renderPanel(form, { hole_id: { '@uuid': HOLE_UUID } });
    expect(input('Hole').value).toBe(JSON.stringify(hole));
    await userEvent.type(input('Comment'), 'x');
    expect(last()).toEqual({ hole_id: hole, comment: 'x' });
  });
});

describe('formatters', () => {
  const form = makeForm([
    { name: 'depth', label: 'Depth', formatter: "round(value, 1) + ' m'", formInput: { type: 'number' } },
    { name: 'broken', label: 'Broken', formatter: 'round(', formInput: { type: 'text' } },
  ]);

  it("shows formatted values in view and 'ERROR in formatter' when the formatter fails", () => {
    renderPanel(form, { depth: 12.345, broken: 'x' }, { scenario: 'view' });
    expect(input('Depth').value).toBe('12.3 m');
    expect(input('Broken').value).toBe('ERROR in formatter');
  });

  it('edits the raw value outside view', () => {
    renderPanel(form, { depth: 12.345 }, { scenario: 'edit' });
    expect(input('Depth').value).toBe('12.345');
  });
});
