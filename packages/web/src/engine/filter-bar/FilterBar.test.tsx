import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fetchedUrls, mockApi } from '../../test/mockApi';
import { CORE_FORM } from '../form-screen/test/fixtures';
import { FilterBar } from './FilterBar';
import type { FilterSelection } from './filterCascade';

const HOLES = [
  { value: 7, text: 'A', site_id: 3 },
  { value: 8, text: 'B', site_id: 3 },
];
const OPTIONS: Record<string, unknown[]> = {
  expedition: [
    { value: 1, text: '5065' },
    { value: 2, text: '5066' },
  ],
  site: [{ value: 3, text: '1', expedition_id: 1 }],
  hole: HOLES,
};

afterEach(() => {
  OPTIONS.hole = HOLES;
});

/** Answers filter-lists with the lists the models[] ask for, as the server does. */
function mockFilterLists() {
  return mockApi({
    'GET form/filter-lists': () => ({ status: 200, body: {} }),
  }).mockImplementation(async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : input, 'http://localhost/');
    const models = url.searchParams.getAll('models[]').map((m) => (JSON.parse(m) as { model: string }).model);
    const body = Object.fromEntries(models.map((model) => [model, OPTIONS[model]]));
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
}

function Harness({ initial = {}, onChange }: { initial?: FilterSelection; onChange?: (s: FilterSelection) => void }) {
  const [selection, setSelection] = useState<FilterSelection>(initial);
  return (
    <>
      <FilterBar
        form={CORE_FORM}
        selection={selection}
        onChange={(next) => {
          setSelection(next);
          onChange?.(next);
        }}
        requiredErrors={['hole']}
      />
      <output data-testid="selection">{JSON.stringify(selection)}</output>
    </>
  );
}

function renderBar(initial?: FilterSelection) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Harness initial={initial} />
    </QueryClientProvider>,
  );
  return within(screen.getByRole('group', { name: 'Filter bar' }));
}

async function choose(bar: ReturnType<typeof renderBar>, label: string, option: string) {
  await userEvent.click(bar.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

const selection = () => screen.getByTestId('selection').textContent;

describe('filter bar', { timeout: 20_000 }, () => {
  it('is chosen left to right: a list opens once the filter it requires is chosen', async () => {
    const fetchMock = mockFilterLists();
    const bar = renderBar();
    await waitFor(() =>
      expect(bar.getByRole<HTMLInputElement>('combobox', { name: 'Expedition' }).disabled).toBe(false),
    );
    expect(bar.getByRole<HTMLInputElement>('combobox', { name: 'Site' }).disabled).toBe(true);
    await choose(bar, 'Expedition', '5065');
    await choose(bar, 'Site', '1');
    await choose(bar, 'Hole', 'B');
    expect(selection()).toBe('{"expedition":1,"site":3,"hole":8}');
    const lastCall = decodeURIComponent(fetchedUrls(fetchMock).at(-1) ?? '');
    expect(lastCall).toContain('models[]={"model":"site","require":{"as":"expedition_id","value":1}}');
    expect(lastCall).toContain('models[]={"model":"hole","require":{"as":"site_id","value":3}}');
  });

  it('clears the lower selections when an upper one changes', async () => {
    mockFilterLists();
    const bar = renderBar({ expedition: 1, site: 3, hole: 7 });
    await waitFor(() => expect(bar.getByRole<HTMLInputElement>('combobox', { name: 'Hole' }).value).toBe('A'));
    await choose(bar, 'Expedition', '5066');
    expect(selection()).toBe('{"expedition":2}');
    expect(bar.getByRole<HTMLInputElement>('combobox', { name: 'Hole' }).value).toBe('');
  });

  it('marks a required filter that is not chosen', async () => {
    mockFilterLists();
    const bar = renderBar();
    expect(await bar.findByText('This field is required')).toBeTruthy();
  });

  it('asks for the lists again before dropping a value its cached list does not have', async () => {
    const fetchMock = mockFilterLists();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const onChange = vi.fn();
    const bar = (chosen: FilterSelection) => (
      <QueryClientProvider client={client}>
        <FilterBar form={CORE_FORM} selection={chosen} onChange={onChange} />
      </QueryClientProvider>
    );
    const { rerender } = render(bar({ expedition: 1, site: 3, hole: 7 }));
    const hole = () => screen.getByRole<HTMLInputElement>('combobox', { name: 'Hole' });
    await waitFor(() => expect(hole().value).toBe('A'));
    const callsBefore = fetchMock.mock.calls.length;

    // hole C was created after the list was loaded; a link names it
    OPTIONS.hole = [...HOLES, { value: 9, text: 'C', site_id: 3 }];
    rerender(bar({ expedition: 1, site: 3, hole: 9 }));
    await waitFor(() => expect(hole().value).toBe('C'));
    expect(fetchMock.mock.calls.length).toBe(callsBefore + 1);
    expect(onChange).not.toHaveBeenCalled();

    // a hole that is not there after asking again is dropped
    rerender(bar({ expedition: 1, site: 3, hole: 99 }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ expedition: 1, site: 3 }), { timeout: 5000 });
  });
});
