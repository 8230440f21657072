import { useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { STORAGE_KEYS } from '@mdis/shared';
import { appKeys } from '../../platform/api/app.api';
import { ADMIN, mockApi, requestUrl, shellAnswers } from '../../test/mockApi';
import { renderApp, testQueryClient } from '../../test/renderApp';
import { AppProviders } from '../providers/AppProviders';
import { NavFormsSection } from './NavFormsSection';

const FORMS = {
  Core: [{ key: 'core', label: 'Cores', dataModel: 'CoreCore', module: 'Core' }],
  Project: [{ key: 'hole', label: 'Holes', dataModel: 'ProjectHole', module: 'Project' }],
};

describe('favourite forms in the drawer', () => {
  it('stars and reorders forms, and saves the list once, a second after the last change', async () => {
    const fetchMock = mockApi({
      ...shellAnswers(ADMIN),
      'GET app/forms': { status: 200, body: FORMS },
      'POST app/user-config': { status: 200, body: {} },
    });
    renderApp('/settings', { user: ADMIN });
    const nav = await screen.findByRole('navigation', { name: 'main navigation' });
    await userEvent.click(await within(nav).findByRole('button', { name: 'Add Cores to favourites' }));
    await userEvent.click(within(nav).getByRole('button', { name: 'Add Holes to favourites' }));
    // The sortable list replaces the plain one once its chunk has loaded (the pointer entered the
    // section): a click found in the plain list could land on a row being replaced (CI, once).
    await waitFor(
      () =>
        expect(
          within(nav).getByRole('button', { name: 'Drag Holes to reorder' }).getAttribute('aria-roledescription'),
        ).toBe('sortable'),
      { timeout: 5000 },
    );
    await userEvent.click(within(nav).getByRole('button', { name: 'Move Holes up' }));

    const favourites = within(nav).getByRole('list', { name: 'Favourites' });
    expect(
      within(favourites)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Holes', 'Cores']);
    const saves = () =>
      fetchMock.mock.calls.filter(
        ([input, init]) => init?.method === 'POST' && requestUrl(input).endsWith('app/user-config'),
      );
    expect(saves()).toHaveLength(0);
    await waitFor(() => expect(saves()).toHaveLength(1), { timeout: 3000 });
    const body = saves()[0]?.[1]?.body;
    const saved = JSON.parse(typeof body === 'string' ? body : '{}') as { 'favorite-forms': Array<{ key: string }> };
    expect(saved['favorite-forms'].map((form) => form.key)).toEqual(['hole', 'core']);
  });
});

describe('the forms in the drawer', () => {
  it('narrows the list to the forms whose label or module holds the search, and says when none does', async () => {
    mockApi({ ...shellAnswers(ADMIN), 'GET app/forms': { status: 200, body: FORMS } });
    renderApp('/settings', { user: ADMIN });
    const nav = await screen.findByRole('navigation', { name: 'main navigation' });
    const search = await within(nav).findByRole('textbox', { name: 'Search forms' });
    const formLinks = () =>
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent)
        .filter((text) => text === 'Cores' || text === 'Holes');
    expect(formLinks()).toEqual(['Cores', 'Holes']);
    await userEvent.type(search, 'hol');
    expect(formLinks()).toEqual(['Holes']);
    await userEvent.clear(search);
    await userEvent.type(search, 'core');
    expect(formLinks()).toEqual(['Cores']);
    await userEvent.clear(search);
    await userEvent.type(search, 'xyz');
    expect(within(nav).getByText("No form matches 'xyz'")).toBeTruthy();
  });
});

describe('the forms in the drawer, on a first screen', () => {
  it('come in a render after the one that mounts the drawer, even when the list is at hand', async () => {
    // issue 18: ~450 elements; the page the drawer was opened with renders first
    mockApi({ ...shellAnswers(ADMIN), 'GET app/forms': { status: 200, body: FORMS } });
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(ADMIN));
    const queryClient = testQueryClient();
    queryClient.setQueryData(appKeys.forms(), FORMS);
    const linksAtMount: number[] = [];
    function FirstCommit() {
      useLayoutEffect(() => {
        linksAtMount.push(document.querySelectorAll('a').length);
      }, []);
      return null;
    }
    render(
      <MemoryRouter>
        <AppProviders queryClient={queryClient}>
          <nav aria-label="forms">
            <NavFormsSection user={ADMIN} />
          </nav>
          <FirstCommit />
        </AppProviders>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('link', { name: /Holes/ })).toBeDefined();
    expect(linksAtMount).toEqual([0]);
  });
});
