import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeForm, renderPanel } from './test/renderPanel';

describe('switch input', () => {
  it('is yes = 1 and no = 0', async () => {
    const { last } = renderPanel(makeForm([{ name: 'oriented', label: 'Oriented', formInput: { type: 'switch' } }]), {
      oriented: 0,
    });
    const toggle = screen.getByRole('switch', { name: 'Oriented' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    await userEvent.click(toggle);
    expect(last()).toEqual({ oriented: 1 });
    await userEvent.click(toggle);
    expect(last()).toEqual({ oriented: 0 });
  });

  it('shows 1 and "1" as on, and cannot be switched in view', async () => {
    const { changes } = renderPanel(
      makeForm([{ name: 'oriented', label: 'Oriented', formInput: { type: 'switch' } }]),
      { oriented: '1' },
      { scenario: 'view' },
    );
    const toggle = screen.getByRole('switch', { name: 'Oriented' });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    expect((toggle as HTMLInputElement).disabled).toBe(true);
    await userEvent.click(toggle).catch(() => undefined);
    expect(changes).toEqual([]);
  });
});
