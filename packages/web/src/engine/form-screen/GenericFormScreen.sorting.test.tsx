import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN } from '../../test/mockApi';
import { readFormStorage } from '../storage/formStorage';
import { core, listBody, mockFormApi, renderScreen } from './test/fixtures';

const HOLE = { expedition: 1, site: 3, hole: 7 };
const MESSAGE = "Invalid query parameter 'sort': unknown column 'top_depth'.";

// The server refuses to sort by top_depth, as it did for the pseudo columns it could not sort.
function refusingTopDepth(query: URLSearchParams) {
  if (query.get('sort')?.includes('top_depth')) return { status: 400, body: { message: MESSAGE } };
  return { status: 200, body: listBody([core(1), core(2)]) };
}

function formsMenu(columns: Record<string, { sortable: boolean; filterable: boolean }>) {
  const entry = { key: 'core', label: 'Core', dataModel: 'CoreCore', module: 'Core', columns };
  return { 'GET app/forms': { status: 200, body: { Core: [entry] } } };
}

async function header(name: string) {
  const table = await screen.findByRole('table', { name: 'core records' });
  return within(table).findByRole('columnheader', { name: new RegExp(name) });
}

describe('sorting the form table', { timeout: 60_000 }, () => {
  it('never remembers a sort whose list failed', async () => {
    localStorage.clear();
    mockFormApi(ADMIN, refusingTopDepth);
    renderScreen({ user: ADMIN, route: { filter: HOLE } });
    await screen.findByText('core 1');
    await userEvent.click(within(await header('Top Depth')).getByRole('button', { name: /sort by/i }));
    expect(await screen.findByText(`Unable to load table items: ${MESSAGE}`)).toBeTruthy();
    // A reload would start from what is stored: the last sort that listed, not the refused one.
    await waitFor(() => {
      expect(readFormStorage('core').sort).toEqual([{ id: 'id', desc: false }]);
    });
  });

  it('offers sorting only by the columns app/forms calls sortable', async () => {
    localStorage.clear();
    const both = { sortable: true, filterable: true };
    const neither = { sortable: false, filterable: false };
    mockFormApi(ADMIN, refusingTopDepth, formsMenu({ core: both, top_depth: neither, comment: both }));
    renderScreen({ user: ADMIN, route: { filter: HOLE } });
    await screen.findByText('core 1');
    await waitFor(async () => {
      expect(within(await header('Top Depth')).queryByRole('button', { name: /sort by/i })).toBeNull();
    });
    expect(within(await header('Comment')).getByRole('button', { name: /sort by/i })).toBeTruthy();
  });
});
