import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { STORAGE_KEYS, type Widget } from '@mdis/shared';
import { AppProviders, createQueryClient } from '../../app/providers/AppProviders';
import { ADMIN, fetchedUrls, mockApi, shellAnswers, type MockAnswer } from '../../test/mockApi';
import { dashboardKeys } from './dashboard.api';
import { testWidget } from './test/renderDashboard';
import { useDashboard } from './useDashboard';

const WIDGETS = [testWidget(1), testWidget(2), testWidget(3, { active: 0 })];

function renderUseDashboard(answers: Record<string, MockAnswer>) {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(ADMIN));
  const fetchMock = mockApi({
    ...shellAnswers(ADMIN),
    'GET widgets': { status: 200, body: { items: WIDGETS, _meta: { totalCount: 3 } } },
    ...answers,
  });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter>
      <AppProviders queryClient={queryClient}>{children}</AppProviders>
    </MemoryRouter>
  );
  const hook = renderHook(() => useDashboard(), { wrapper });
  const widgetLoads = () => fetchedUrls(fetchMock).filter((url) => url === 'api/v1/widgets?sort=order').length;
  // What the page would render: the hook's own result only re-renders for the fields a render read.
  const cached = () => queryClient.getQueryData<Widget[]>(dashboardKeys.widgets());
  return { hook, fetchMock, widgetLoads, cached };
}

describe('dashboard changes', () => {
  it('sends the new arrangement and keeps it', async () => {
    let sent: unknown;
    const { hook, widgetLoads, cached } = renderUseDashboard({
      'PUT widgets': (init) => {
        sent = JSON.parse(init.body as string);
        return { status: 200, body: { items: [] } };
      },
    });
    await waitFor(() => expect(cached()).toHaveLength(3));
    await act(() => hook.result.current.reorder({ active: [3, 1], inactive: [2] }));
    expect(sent).toEqual([
      { id: 3, order: 0, active: 1 },
      { id: 1, order: 1, active: 1 },
      { id: 2, order: 2, active: 0 },
    ]);
    expect(cached()?.map((w) => [w.id, w.active])).toEqual([
      [3, 1],
      [1, 1],
      [2, 0],
    ]);
    expect(widgetLoads()).toBe(1);
  });

  it("warns 'could not reorder widgets' and reloads the widgets when the reorder fails", async () => {
    const { hook, widgetLoads, cached } = renderUseDashboard({
      'PUT widgets': { status: 500, body: { message: 'boom' } },
    });
    await waitFor(() => expect(cached()).toHaveLength(3));
    await act(() => hook.result.current.reorder({ active: [3], inactive: [1, 2] }));
    expect((await screen.findByRole('alert')).textContent).toBe('could not reorder widgets');
    await waitFor(() => expect(widgetLoads()).toBe(2));
    await waitFor(() => expect(cached()?.find((w) => w.id === 3)?.active).toBe(0));
  });

  it("warns 'could not duplicate widget. {reason}' with the server's reason", async () => {
    const { hook } = renderUseDashboard({
      'POST widgets/duplicate/2': { status: 409, body: { message: 'This widget cannot be duplicated.' } },
    });
    await act(() => hook.result.current.duplicate(2));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'could not duplicate widget. This widget cannot be duplicated.',
    );
  });

  it("warns 'could not delete widget. {reason}' with the server's reason", async () => {
    const { hook } = renderUseDashboard({
      'DELETE widgets/2': { status: 409, body: { message: 'This widget cannot be deleted.' } },
    });
    await act(() => hook.result.current.remove(2));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'could not delete widget. This widget cannot be deleted.',
    );
  });

  it('adds, duplicates and deletes, then reloads the widgets', async () => {
    const calls: string[] = [];
    const record = (key: string) => () => {
      calls.push(key);
      return {
        status: key.startsWith('DELETE') ? 204 : 201,
        body: key.startsWith('DELETE') ? undefined : testWidget(9),
      };
    };
    const { hook, widgetLoads } = renderUseDashboard({
      'POST widgets': record('POST widgets'),
      'POST widgets/duplicate/1': record('POST widgets/duplicate/1'),
      'DELETE widgets/2': record('DELETE widgets/2'),
    });
    await waitFor(() => expect(widgetLoads()).toBe(1));
    await act(() => hook.result.current.add({ type: 'PostBoxWidget', title: 'Posts' }));
    await act(() => hook.result.current.duplicate(1));
    await act(() => hook.result.current.remove(2));
    expect(calls).toEqual(['POST widgets', 'POST widgets/duplicate/1', 'DELETE widgets/2']);
    await waitFor(() => expect(widgetLoads()).toBe(4));
  });
});
