import type { ComponentProps } from 'react';
import type * as AutocompleteModule from '@mui/material/Autocomplete';
import type * as FormToolbarModule from '../toolbar/FormToolbar';
import type { FormToolbarProps } from '../toolbar/FormToolbar';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN, requestUrl } from '../../test/mockApi';
import { core, listBody, mockFormApi, renderScreen } from './test/fixtures';

// Every render of a filter select counted: the filter bar's selects are the costliest part of the
// screen outside the table (bench:web --trace, issue 18 §2).
const selects = vi.hoisted(() => ({ renders: 0 }));
vi.mock('@mui/material/Autocomplete', async (importOriginal) => {
  const actual = await importOriginal<typeof AutocompleteModule>();
  const Autocomplete = actual.default;
  function CountedAutocomplete(props: ComponentProps<typeof Autocomplete>) {
    selects.renders += 1;
    return <Autocomplete {...props} />;
  }
  return { ...actual, default: CountedAutocomplete };
});

// Every render of the form's toolbar counted: with its menus it is some 600 components.
const toolbars = vi.hoisted(() => ({ renders: 0 }));
vi.mock('../toolbar/FormToolbar', async (importOriginal) => {
  const actual = await importOriginal<typeof FormToolbarModule>();
  function CountedFormToolbar(props: FormToolbarProps) {
    toolbars.renders += 1;
    return <actual.FormToolbar {...props} />;
  }
  return { ...actual, FormToolbar: CountedFormToolbar };
});

const HOLE = { expedition: 1, site: 3, hole: 7 };

// Issue 18 §2: when rows arrive (a sort, a page), only the table renders them.
describe('the form screen while its list changes', { timeout: 30_000 }, () => {
  afterEach(() => {
    vi.restoreAllMocks();
    localStorage.clear();
  });

  /** Renders of `counter` from a sort click on Top Depth to the re-sorted rows, once the screen has settled. */
  async function rendersForASortClick(counter: { renders: number }): Promise<number> {
    mockFormApi(ADMIN, (query) =>
      query.get('sort')?.includes('top_depth')
        ? { status: 200, body: listBody([core(2), core(1)]) }
        : { status: 200, body: listBody([core(1), core(2)]) },
    );
    renderScreen({ user: ADMIN, route: { filter: HOLE } });
    const table = await screen.findByRole('table', { name: 'core records' });
    await waitFor(() => expect(table.querySelector('tr[data-record-id]')?.getAttribute('data-record-id')).toBe('1'));
    // the filter lists have arrived: the hole is shown in its select
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Hole' })).toHaveProperty('value', 'A'));
    counter.renders = 0;
    await userEvent.click(within(table).getByText('Top Depth'));
    await waitFor(() => expect(table.querySelector('tr[data-record-id]')?.getAttribute('data-record-id')).toBe('2'));
    return counter.renders;
  }

  it('renders the filter bar again neither for a sort click nor for the rows it brings', async () => {
    expect(await rendersForASortClick(selects)).toBe(0);
  });

  it('renders the toolbar again neither for a sort click nor for the rows it brings', async () => {
    expect(await rendersForASortClick(toolbars)).toBe(0);
  });

  it('shows the first rows before any filter select is an Autocomplete: they wait for their options disabled', async () => {
    // the filter lists answer only when released: until then no select has options
    const fetchMock = mockFormApi(ADMIN, () => ({ status: 200, body: listBody([core(1), core(2)]) }));
    const answer = fetchMock.getMockImplementation();
    let release = () => {};
    const listsHeld = new Promise<void>((resolve) => (release = resolve));
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (requestUrl(input).includes('form/filter-lists')) await listsHeld;
      if (!answer) throw new Error('mockFormApi has no implementation');
      return answer(input, init);
    });
    selects.renders = 0;
    renderScreen({ user: ADMIN, route: { filter: HOLE } });
    const table = await screen.findByRole('table', { name: 'core records' });
    await waitFor(() => expect(table.querySelectorAll('tr[data-record-id]').length).toBe(2));
    const hole = screen.getByRole<HTMLInputElement>('combobox', { name: 'Hole' });
    expect(hole.disabled).toBe(true);
    expect(selects.renders).toBe(0);
    release();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Hole' })).toHaveProperty('value', 'A'));
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Hole' }).disabled).toBe(false);
  });

  it('opens from an address that says it all (a reload) without writing the address again', async () => {
    // the write would render the whole screen a second time within its first commit
    mockFormApi(ADMIN, () => ({ status: 200, body: listBody([core(1), core(2)]) }));
    const onRouteChange = vi.fn();
    renderScreen({ user: ADMIN, route: { id: 2, filter: HOLE, sort: [{ id: 'id', desc: false }] }, onRouteChange });
    const table = await screen.findByRole('table', { name: 'core records' });
    await waitFor(() =>
      expect(table.querySelector('tr[aria-current="true"]')?.getAttribute('data-record-id')).toBe('2'),
    );
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Hole' })).toHaveProperty('value', 'A'));
    expect(onRouteChange).not.toHaveBeenCalled();
  });

  it('writes the parts an address lacks once, as it opens', async () => {
    mockFormApi(ADMIN, () => ({ status: 200, body: listBody([core(1), core(2)]) }));
    const onRouteChange = vi.fn();
    renderScreen({ user: ADMIN, route: { filter: HOLE }, onRouteChange });
    const table = await screen.findByRole('table', { name: 'core records' });
    await waitFor(() => expect(table.querySelectorAll('tr[data-record-id]').length).toBe(2));
    expect(onRouteChange).toHaveBeenCalledTimes(1);
    expect(onRouteChange).toHaveBeenCalledWith(
      expect.objectContaining({ filter: HOLE, sort: [{ id: 'id', desc: false }] }),
    );
  });
});
