import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fetchedUrls, mockApi } from '../../test/mockApi';
import { CORE_FORM } from '../form-screen/test/fixtures';
import { FilterBar } from './FilterBar';
import type { FilterSelection } from './filterCascade';

const OPTIONS: Record<string, unknown[]> = {
  expedition: [
    { value: 1, text: '5065' },
    { value: 2, text: '5066' },
  ],
  site: [{ value: 3, text: '1', expedition_id: 1 }],
  hole: [
    { value: 7, text: 'A', site_id: 3 },
    { value: 8, text: 'B', site_id: 3 },
  ],
};

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
});
