import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeForm, renderPanel } from './test/renderPanel';

const input = (label: string) => screen.getByLabelText(label, { selector: 'input, textarea' });

describe('text input', () => {
  it('reports every keystroke and counts against the string max', async () => {
    const { last } = renderPanel(
      makeForm([{ name: 'site', label: 'Site', validators: [{ type: 'string', min: null, max: 5 }] }]),
    );
    expect(screen.getByText('0 / 5')).toBeTruthy();
    await userEvent.type(input('Site'), 'abc');
    expect(last()).toEqual({ site: 'abc' });
    expect(screen.getByText('3 / 5')).toBeTruthy();
  });
});

describe('textarea input', () => {
  it('is a multi-line text', async () => {
    const { last } = renderPanel(makeForm([{ name: 'comment', label: 'Comment', formInput: { type: 'textarea' } }]));
    const area = input('Comment');
    expect(area.tagName).toBe('TEXTAREA');
    await userEvent.type(area, 'one{Enter}two');
    expect(last()).toEqual({ comment: 'one\ntwo' });
  });
});

describe('number input', () => {
  it('keeps numbers as numbers, and the typed text while it is half a number', async () => {
    const { last } = renderPanel(makeForm([{ name: 'depth', label: 'Depth', formInput: { type: 'number' } }]));
    await userEvent.type(input('Depth'), '12.');
    expect(last()).toEqual({ depth: 12 });
    expect((input('Depth') as HTMLInputElement).value).toBe('12.');
    await userEvent.type(input('Depth'), '5');
    expect(last()).toEqual({ depth: 12.5 });
  });

  it('is what a text input with a number validator becomes; non-numbers stay text and are refused', async () => {
    const { last } = renderPanel(
      makeForm([{ name: 'lat', label: 'Latitude', validators: [{ type: 'number', min: -90, max: 90 }] }]),
    );
    await userEvent.type(input('Latitude'), 'x');
    expect(last()).toEqual({ lat: 'x' });
    expect(screen.getByText('Latitude must be a number')).toBeTruthy();
    await userEvent.clear(input('Latitude'));
    expect(last()).toEqual({ lat: null });
    await userEvent.type(input('Latitude'), '91');
    expect(screen.getByText('Latitude must be <= 90')).toBeTruthy();
  });
});

describe('autoIncrement input', () => {
  it('shows the next value from the defaults and sends null when emptied', async () => {
    const { last } = renderPanel(makeForm([{ name: 'core', label: 'Core', formInput: { type: 'autoIncrement' } }]), {
      core: 4,
    });
    expect((input('Core') as HTMLInputElement).value).toBe('4');
    await userEvent.clear(input('Core'));
    expect(last()).toEqual({ core: null });
    expect(input('Core').getAttribute('placeholder')).toBe('auto');
  });
});

describe('calculated input', () => {
  it('is disabled and recomputed on every change of the record', () => {
    const { last } = renderPanel(
      makeForm([
        { name: 'top', label: 'Top', formInput: { type: 'number' } },
        { name: 'bottom', label: 'Bottom', formInput: { type: 'number' } },
        { name: 'length', label: 'Length', formInput: { type: 'text', calculate: '[bottom] - [top]' } },
      ]),
      { top: 1, bottom: 2, length: 1 },
    );
    expect((input('Length') as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(input('Bottom'), { target: { value: '4.5' } });
    expect(last()).toEqual({ top: 1, bottom: 4.5, length: 3.5 });
    expect((input('Length') as HTMLInputElement).value).toBe('3.5');
  });
});

describe('unknown input type', () => {
  it("shows 'Dis: Unsupported input type'", () => {
    renderPanel(makeForm([{ name: 'shape', label: 'Shape', formInput: { type: 'polygon' } }]), { shape: 'x' });
    expect(screen.getByText('Dis: Unsupported input type')).toBeTruthy();
    expect((input('Shape') as HTMLInputElement).disabled).toBe(true);
  });
});
