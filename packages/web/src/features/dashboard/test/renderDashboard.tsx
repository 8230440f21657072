import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { STORAGE_KEYS, WIDGET_DEFAULTS, type AuthUser, type Widget } from '@mdis/shared';
import { AppProviders, createQueryClient } from '../../../app/providers/AppProviders';
import { DashboardPage } from '../DashboardPage';

/** Test helper: the dashboard at '/' as `user`, under the app's providers. */
export function renderDashboard(user: AuthUser) {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  return render(
    <MemoryRouter initialEntries={['/']}>
      <AppProviders queryClient={queryClient}>
        <Routes>
          <Route path="/" element={<DashboardPage />} />
        </Routes>
      </AppProviders>
    </MemoryRouter>,
  );
}

/** Test helper: a widget as the API answers it. */
export function testWidget(id: number, patch: Partial<Widget> = {}): Widget {
  return {
    ...WIDGET_DEFAULTS,
    id,
    type: 'NoteWidget',
    title: `Widget ${String(id)}`,
    order: id,
    extraSettings: {},
    ...patch,
  };
}
