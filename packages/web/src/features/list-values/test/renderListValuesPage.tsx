import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { STORAGE_KEYS, type AuthUser } from '@mdis/shared';
import { AppProviders, createQueryClient } from '../../../app/providers/AppProviders';
import { ListValuesPage } from '../ListValuesPage';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Test helper: the value lists page at `path` as `user`, under the app's providers. */
export function renderListValuesPage(path: string, user: AuthUser) {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppProviders queryClient={queryClient}>
        <Routes>
          <Route path="/list-values/:listname?" element={<ListValuesPage />} />
        </Routes>
        <LocationProbe />
      </AppProviders>
    </MemoryRouter>,
  );
}
