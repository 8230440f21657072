import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toStoredDateTime } from './dateTimeFormat';
import { makeForm, renderPanel } from './test/renderPanel';

const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

describe('date input', () => {
  const form = makeForm([{ name: 'start', label: 'Start', formInput: { type: 'date' } }]);

  it('is typed ISO text in any locale and shows the date part of a stored timestamp', async () => {
    const { last } = renderPanel(form, { start: '2024-03-05T00:00:00Z' });
    // a visible date input shows the browser's locale and read 2026-12-20 as 61220-02-02
    expect(input('Start').type).toBe('text');
    expect(input('Start').value).toBe('2024-03-05');
    await userEvent.clear(input('Start'));
    await userEvent.type(input('Start'), '2026-12-20');
    expect(last()).toEqual({ start: '2026-12-20' });
    expect(input('Start').value).toBe('2026-12-20');
    await userEvent.clear(input('Start'));
    expect(last()).toEqual({ start: null });
  });

  it("says 'Invalid Date' for an impossible or malformed date and keeps the text", async () => {
    const { last } = renderPanel(form);
    await userEvent.type(input('Start'), '2026-02-30');
    expect(last()).toEqual({ start: '2026-02-30' });
    expect(screen.getByText('Invalid Date')).toBeTruthy();
    await userEvent.clear(input('Start'));
    await userEvent.type(input('Start'), '61220-02-02');
    expect(screen.getByText('Invalid Date')).toBeTruthy();
  });

  it('takes a date picked in the calendar as ISO', () => {
    const { last } = renderPanel(form);
    expect(screen.getByRole('button', { name: 'Pick Start' })).toBeTruthy();
    fireEvent.change(screen.getByTestId('Pick Start picker'), { target: { value: '2024-04-01' } });
    expect(last()).toEqual({ start: '2024-04-01' });
  });
});

describe('time input', () => {
  it('takes HH:mm', () => {
    const { last } = renderPanel(makeForm([{ name: 'at', label: 'At', formInput: { type: 'time' } }]));
    expect(input('At').type).toBe('time');
    fireEvent.change(input('At'), { target: { value: '14:30' } });
    expect(last()).toEqual({ at: '14:30' });
  });
});

describe('datetime input', () => {
  const form = makeForm([{ name: 'ondeck', label: 'On deck', formInput: { type: 'datetime' } }]);

  it('shows a stored UTC value in local Y-m-d H:i', () => {
    const stored = toStoredDateTime(new Date(2024, 2, 5, 14, 30));
    renderPanel(form, { ondeck: stored });
    expect(input('On deck').value).toBe('2024-03-05 14:30');
  });

  it('stores typed yyyy-MM-dd HH:mm in UTC without leaving the field (a save by shortcut keeps it)', async () => {
    const { last } = renderPanel(form);
    await userEvent.type(input('On deck'), '2024-03-05 14:30');
    expect(last()).toEqual({ ondeck: toStoredDateTime(new Date(2024, 2, 5, 14, 30)) });
    await userEvent.tab();
    expect(input('On deck').value).toBe('2024-03-05 14:30');
  });

  it('keeps half-typed text in the record, so that a save is refused instead of losing it', async () => {
    const { last } = renderPanel(form, { ondeck: '2024-03-05 14:30:00' });
    await userEvent.clear(input('On deck'));
    await userEvent.type(input('On deck'), '2024-03-0');
    expect(last()).toEqual({ ondeck: '2024-03-0' });
    expect(input('On deck').value).toBe('2024-03-0');
    expect(screen.getByText('Invalid Date')).toBeTruthy();
  });

  it('accepts a three-letter month name and shows it as Y-m-d H:i after Enter', async () => {
    const { last } = renderPanel(form);
    await userEvent.type(input('On deck'), '5 Mar 2024 09:05');
    expect(input('On deck').value).toBe('5 Mar 2024 09:05');
    await userEvent.keyboard('{Enter}');
    expect(last()).toEqual({ ondeck: toStoredDateTime(new Date(2024, 2, 5, 9, 5)) });
    expect(input('On deck').value).toBe('2024-03-05 09:05');
  });

  it("says 'Invalid Date' for text that is no date, and validation refuses it", async () => {
    const { last } = renderPanel(form);
    await userEvent.type(input('On deck'), '2024-3-5 14:30');
    await userEvent.tab();
    expect(last()).toEqual({ ondeck: '2024-3-5 14:30' });
    expect(screen.getByText('Invalid Date')).toBeTruthy();
  });

  it('takes a date and time picked in the calendar, stored in UTC', () => {
    const { last } = renderPanel(form);
    fireEvent.change(screen.getByTestId('Pick On deck picker'), { target: { value: '2024-03-05T14:30' } });
    expect(last()).toEqual({ ondeck: toStoredDateTime(new Date(2024, 2, 5, 14, 30)) });
    expect(input('On deck').value).toBe('2024-03-05 14:30');
  });

  it('clears to null', async () => {
    const { last } = renderPanel(form, { ondeck: '2024-03-05 14:30:00' });
    await userEvent.clear(input('On deck'));
    await userEvent.tab();
    expect(last()).toEqual({ ondeck: null });
  });
});
