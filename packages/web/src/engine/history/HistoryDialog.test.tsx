import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import type { HistoryEntry } from '@mdis/shared';
import { NotificationsProvider } from '../../platform/notifications/NotificationsContext';
import { fetchedUrls, mockApi } from '../../test/mockApi';
import { CORE_FORM } from '../form-screen/test/fixtures';
import { HistoryDialog } from './HistoryDialog';

// The core form with its parent-form button, as the drilling templates write it.
const FORM = {
  ...CORE_FORM,
  supForms: { hole: { buttonLabel: 'Hole', url: '/forms/hole-form', parentIdField: 'hole_id', filter: [] } },
};

const entry = (id: number, action: HistoryEntry['action'], changes: HistoryEntry['changes']): HistoryEntry => ({
  id,
  at: '2026-11-26T03:00:00.000Z',
  action,
  model: 'CoreCore',
  recordId: 9,
  user: { id: 1, name: 'admin' },
  batchId: null,
  route: null,
  client: null,
  changes,
});

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <ThemeProvider theme={createTheme()}>
      <QueryClientProvider client={client}>
        <NotificationsProvider>
          <HistoryDialog form={FORM} recordId={9} recordName="5071_1_A_001" canRestore={false} onClose={() => {}} />
        </NotificationsProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}

describe('the History dialog names a parent as the form does', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows the hole's combined id, not its record id, on creation and on a move", async () => {
    const fetchMock = mockApi({
      'GET history': {
        status: 200,
        body: {
          items: [entry(2, 'update', { hole_id: [1, 2] }), entry(1, 'create', { core: '7', hole_id: 1 })],
          _meta: { totalCount: 2, pageCount: 1, currentPage: 1, perPage: 200 },
        },
      },
      'GET form/1': { status: 200, body: { id: 1, hole: 'A', combined_id: '5071_1_A' } },
      'GET form/2': { status: 200, body: { id: 2, hole: 'B', combined_id: '5071_1_B' } },
    });
    renderDialog();
    const created = await screen.findByRole('listitem', { name: /^Created by admin/ });
    expect(await within(created).findByText('5071_1_A')).toBeTruthy();
    expect(within(created).queryByText('1', { exact: true })).toBeNull();
    const moved = screen.getByRole('listitem', { name: /^Changed by admin/ });
    expect(within(moved).getByText('Hole')).toBeTruthy();
    expect(await within(moved).findByText('5071_1_A → 5071_1_B')).toBeTruthy();
    // read through the parent's own form, once per parent
    const holeReads = fetchedUrls(fetchMock).filter((url) => url.includes('name=hole'));
    expect(holeReads).toHaveLength(2);
  });

  it('a parent the user may not read shows its id', async () => {
    mockApi({
      'GET history': {
        status: 200,
        body: { items: [entry(1, 'create', { core: '7', hole_id: 1 })], _meta: { totalCount: 1 } },
      },
      'GET form/1': { status: 403, body: { message: 'Forbidden' } },
    });
    renderDialog();
    const created = await screen.findByRole('listitem', { name: /^Created by admin/ });
    expect(await within(created).findByText('1', { exact: true })).toBeTruthy();
  });
});
