import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fetchedUrls, mockApi } from '../../test/mockApi';
import { makeForm, renderPanel } from './test/renderPanel';

const CORE_TYPES = [
  { id: 1, listname: 'CORE_TYPE', display: 'H', remark: 'Advanced Piston Corer (APC)', sort: 1 },
  { id: 2, listname: 'CORE_TYPE', display: 'R', remark: 'Rotary Core Barrel (RCB)', sort: 2 },
  { id: 3, listname: 'CORE_TYPE', display: 'X', remark: 'Extended Core Barrel (XCB)', sort: 3 },
];

const listField = (formInput: Record<string, unknown> = {}) => ({
  name: 'core_type',
  label: 'Core Type',
  formInput: {
    type: 'select',
    selectSource: { type: 'list' as const, listName: 'CORE_TYPE', textField: 'remark', valueField: 'display' },
    ...formInput,
  },
});

const combobox = () => screen.getByRole<HTMLInputElement>('combobox', { name: 'Core Type' });

async function choose(text: string) {
  await userEvent.click(combobox());
  await userEvent.click(await screen.findByRole('option', { name: text }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('select from a list', () => {
  it('loads the list, shows the remark and stores the display value', async () => {
    const fetchMock = mockApi({ 'GET list-values': { status: 200, body: CORE_TYPES } });
    const { last } = renderPanel(makeForm([listField()]), { core_type: 'H' });
    await waitFor(() => {
      expect(combobox().value).toBe('Advanced Piston Corer (APC)');
    });
    expect(fetchedUrls(fetchMock)[0]).toBe('api/v1/list-values?filter%5Blistname%5D=CORE_TYPE');
    await choose('Rotary Core Barrel (RCB)');
    expect(last()).toEqual({ core_type: 'R' });
  });

  it('shows the chosen text in view and offers no options there', async () => {
    mockApi({ 'GET list-values': { status: 200, body: CORE_TYPES } });
    const { changes } = renderPanel(makeForm([listField()]), { core_type: 'R' }, { scenario: 'view' });
    await waitFor(() => {
      expect(combobox().value).toBe('Rotary Core Barrel (RCB)');
    });
    expect(combobox().readOnly).toBe(true);
    await userEvent.click(combobox());
    expect(screen.queryByRole('option')).toBeNull();
    expect(changes).toEqual([]);
  });

  it('resets an emptied selection to null', async () => {
    mockApi({ 'GET list-values': { status: 200, body: CORE_TYPES } });
    const { last } = renderPanel(makeForm([listField()]), { core_type: 'H' });
    await waitFor(() => {
      expect(combobox().value).toBe('Advanced Piston Corer (APC)');
    });
    await userEvent.clear(combobox());
    expect(last()).toEqual({ core_type: null });
  });

  it('keeps several values as an array when multiple', async () => {
    mockApi({ 'GET list-values': { status: 200, body: CORE_TYPES } });
    const { last } = renderPanel(makeForm([listField({ multiple: true })]), { core_type: ['X'] });
    await screen.findByRole('button', { name: 'Extended Core Barrel (XCB)' });
    await choose('Advanced Piston Corer (APC)');
    expect(last()).toEqual({ core_type: ['X', 'H'] });
  });

  it('filters the list with extraFilter against the record', async () => {
    mockApi({ 'GET list-values': { status: 200, body: CORE_TYPES } });
    const field = listField();
    field.formInput.selectSource = { ...field.formInput.selectSource, extraFilter: 'sort>={min_sort}' } as never;
    renderPanel(makeForm([field, { name: 'min_sort', formInput: { type: 'number' } }]), { min_sort: 2 });
    await userEvent.click(combobox());
    await screen.findByRole('option', { name: 'Rotary Core Barrel (RCB)' });
    expect(screen.queryByRole('option', { name: 'Advanced Piston Corer (APC)' })).toBeNull();
    // The filter follows the record: a new minimum narrows the list at once.
    await userEvent.keyboard('{Escape}');
    await userEvent.clear(screen.getByLabelText('Min_sort'));
    await userEvent.type(screen.getByLabelText('Min_sort'), '3');
    await userEvent.click(combobox());
    await screen.findByRole('option', { name: 'Extended Core Barrel (XCB)' });
    expect(screen.queryByRole('option', { name: 'Rotary Core Barrel (RCB)' })).toBeNull();
  });

  it('takes a value not in the list when confirmed with Tab (allowFreeInput)', async () => {
    mockApi({ 'GET list-values': { status: 200, body: CORE_TYPES } });
    const { last } = renderPanel(makeForm([listField({ allowFreeInput: true })]));
    await userEvent.type(combobox(), 'Q');
    await userEvent.tab();
    expect(last()).toEqual({ core_type: 'Q' });
  });

  it('counts typed characters against the string max only when free input is allowed', () => {
    mockApi({ 'GET list-values': { status: 200, body: CORE_TYPES } });
    const max = [{ type: 'string', min: null, max: 50 }];
    renderPanel(
      makeForm([
        { ...listField(), validators: max },
        { ...listField({ allowFreeInput: true }), name: 'free', label: 'Free', validators: max },
      ]),
      { core_type: 'H', free: 'Q' },
    );
    expect(screen.queryByText('1 / 50')).toBeTruthy();
    expect(screen.getAllByText(/\/ 50$/)).toHaveLength(1);
  });

  it('adds a free value to a multiple select with Tab, keeping the chosen ones', async () => {
    mockApi({ 'GET list-values': { status: 200, body: CORE_TYPES } });
    const { last } = renderPanel(makeForm([listField({ allowFreeInput: true, multiple: true })]), {
      core_type: ['H'],
    });
    await screen.findByRole('button', { name: 'Advanced Piston Corer (APC)' });
    await userEvent.type(combobox(), 'Q');
    await userEvent.tab();
    expect(last()).toEqual({ core_type: ['H', 'Q'] });
    expect(screen.getByRole('button', { name: 'Q' })).toBeTruthy();
  });

  it('ignores typed text on Tab without allowFreeInput', async () => {
    mockApi({ 'GET list-values': { status: 200, body: CORE_TYPES } });
    const { changes } = renderPanel(makeForm([listField()]));
    await userEvent.type(combobox(), 'Q');
    await userEvent.tab();
    expect(changes).toEqual([]);
  });

  it('shows the server message as a warning when the list cannot be loaded', async () => {
    mockApi({ 'GET list-values': { status: 409, body: { message: 'list is broken' } } });
    renderPanel(makeForm([listField()]), { core_type: 'H' });
    expect(await screen.findByText('list is broken')).toBeTruthy();
  });

  it('degrades quietly to the current value while the list API is missing (404)', async () => {
    const fetchMock = mockApi({});
    renderPanel(makeForm([listField()]), { core_type: 'H' });
    await waitFor(() => {
      expect(fetchMock).toHaveBeenCalled();
    });
    expect(combobox().value).toBe('H');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('select from a relation', () => {
  const PEOPLE = {
    items: [
      { id: 7, person_acronym: 'AB' },
      { id: 8, person_acronym: 'AC' },
    ],
  };
  const relationField = (type: 'one_relation' | 'many_relation' | 'api') => ({
    name: 'curator',
    label: 'Curator',
    formInput: {
      type: 'select',
      selectSource: { type, model: 'ContactPerson', textField: 'person_acronym', valueField: 'id' },
    },
  });
  const box = () => screen.getByRole<HTMLInputElement>('combobox', { name: 'Curator' });

  it('asks async-lists for the selected value first and stores the id', async () => {
    const fetchMock = mockApi({ 'GET global/async-lists': { status: 200, body: PEOPLE } });
    const { last } = renderPanel(makeForm([relationField('one_relation')]), { curator: 7 });
    await waitFor(() => {
      expect(box().value).toBe('AB');
    });
    expect(fetchedUrls(fetchMock)[0]).toBe(
      'api/v1/global/async-lists?name=ContactPerson&fields=person_acronym%2Cid&sort=person_acronym&value=7',
    );
    await userEvent.click(box());
    await userEvent.click(await screen.findByRole('option', { name: 'AC' }));
    expect(last()).toEqual({ curator: 8 });
  });

  it('searches 500 ms after the last key', async () => {
    const fetchMock = mockApi({ 'GET global/async-lists': { status: 200, body: PEOPLE } });
    renderPanel(makeForm([relationField('one_relation')]));
    await waitFor(() => {
      expect(fetchMock).toHaveBeenCalledTimes(1);
    });
    await userEvent.type(box(), 'AC');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fetchedUrls(fetchMock).some((url) => url.includes('q='))).toBe(false);
    await waitFor(() => {
      expect(fetchedUrls(fetchMock).filter((url) => url.includes('q='))).toEqual([
        'api/v1/global/async-lists?name=ContactPerson&fields=person_acronym%2Cid&sort=person_acronym&q=AC',
      ]);
    });
  });

  it('keeps many_relation values as an array of ids', async () => {
    mockApi({ 'GET global/async-lists': { status: 200, body: PEOPLE } });
    const { last } = renderPanel(makeForm([relationField('many_relation')]), { curator: [7] });
    const chips = await screen.findByRole('button', { name: 'AB' });
    expect(within(chips).getByText('AB')).toBeTruthy();
    await userEvent.click(box());
    await userEvent.click(await screen.findByRole('option', { name: 'AC' }));
    expect(last()).toEqual({ curator: [7, 8] });
  });

  it('treats an api source (the files form curator) as a searched relation with one value', async () => {
    const fetchMock = mockApi({ 'GET global/async-lists': { status: 200, body: PEOPLE } });
    const { last } = renderPanel(makeForm([relationField('api')]));
    await userEvent.type(box(), 'A');
    await waitFor(() => {
      expect(fetchedUrls(fetchMock).some((url) => url.endsWith('&q=A'))).toBe(true);
    });
    await userEvent.click(await screen.findByRole('option', { name: 'AB' }));
    expect(last()).toEqual({ curator: 7 });
  });
});
