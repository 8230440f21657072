import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN } from '../../test/mockApi';
import { calls, core, listBody, mockFormApi, renderScreen } from '../../engine/form-screen/test/fixtures';
import { readFormStorage } from '../../engine/storage/formStorage';
import type { RouteUpdate } from '../../engine/form-screen/formScreenRoute';
import { formRoutePath, readFormRoute } from '../forms/formRoute';
import { importedRecordsPath } from './importRoute';

// Issue 20 item 2: an import's result links to the form filtered by its batch (`batch:<id>`); the
// form lists only those records (the list's `batch` parameter) and shows the filter, removable.
const BATCH = '0b7e2c4a-5d1f-4e8a-9c3b-2f6d8a1e4b70';

describe("the records of one import (the result's link)", { timeout: 30_000 }, () => {
  afterEach(() => localStorage.clear());

  it('opens the form filtered by the batch, shows the filter, and lists everything again without it', async () => {
    const path = importedRecordsPath('core', `batch:${BATCH}`);
    const route = readFormRoute(undefined, new URL(path, 'http://localhost/').searchParams);
    expect(route.filter).toEqual({ batch: BATCH });
    const fetchMock = mockFormApi(ADMIN, (query) => ({
      status: 200,
      body: listBody(query.get('batch') === BATCH ? [core(4), core(5)] : [core(1), core(2), core(4), core(5)]),
    }));
    const routes: RouteUpdate[] = [];
    renderScreen({ user: ADMIN, route: { filter: route.filter }, onRouteChange: (next) => routes.push(next) });
    const table = await screen.findByRole('table', { name: 'core records' });
    await waitFor(() => expect(table.querySelectorAll('tbody tr[data-record-id]')).toHaveLength(2));
    const lists = () => calls(fetchMock).filter((call) => call.startsWith('GET form?'));
    expect(lists().every((call) => call.includes(`batch=${BATCH}`))).toBe(true);
    const chips = screen.getByRole('group', { name: 'Active import filter' });
    expect(chips.textContent).toBe(`Imported in batch ${BATCH.slice(0, 8)}`);
    // the address keeps the filter (shareable), as the link wrote it
    expect(formRoutePath('/forms/core-form', routes[0])).toContain(path);

    await userEvent.click(within(chips).getByTestId('CancelIcon'));
    await waitFor(() => expect(table.querySelectorAll('tbody tr[data-record-id]')).toHaveLength(4));
    expect(screen.queryByRole('group', { name: 'Active import filter' })).toBeNull();
    expect(lists().at(-1)).not.toContain('batch=');
    expect(routes.at(-1)?.filter).toEqual({});
    expect(readFormStorage('core').filter).toEqual({});
  });
});
