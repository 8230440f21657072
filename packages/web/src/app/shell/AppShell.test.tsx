import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@mdis/shared';
import { ADMIN, VIEWER, mockApi, requestUrl, shellAnswers } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

describe('the application shell', () => {
  it('shows logo, short name, navigation, breadcrumbs and footer', async () => {
    mockApi(shellAnswers(ADMIN));
    renderApp('/settings', { user: ADMIN });
    await screen.findByRole('heading', { name: 'Settings' });
    expect(screen.getByAltText('mDIS logo')).toBeTruthy();
    expect(screen.getByText('mDIS')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'main navigation' });
    for (const name of ['Dashboard', 'Settings', 'Files', 'File Upload', 'Help']) {
      expect(within(nav).getByRole('link', { name })).toBeTruthy();
    }
    expect(within(nav).getByText('Favourites')).toBeTruthy();
    expect(await within(nav).findByText('No forms yet')).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: 'breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Dashboard' })).toBeTruthy();
    expect(within(crumbs).getByText('Settings').getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('© ICDP 2021')).toBeTruthy();
    expect(screen.getByText(/compatible with mDIS v3\.0\.0/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /^User Management/ }).getAttribute('href')).toBe('/settings/users');
  });

  it('groups the forms by module and hides File Upload from a viewer', async () => {
    mockApi({
      ...shellAnswers(VIEWER),
      'GET app/forms': {
        status: 200,
        body: { Core: [{ key: 'core', label: 'Cores', dataModel: 'CoreCore', module: 'Core' }] },
      },
    });
    renderApp('/', { user: VIEWER });
    const nav = await screen.findByRole('navigation', { name: 'main navigation' });
    const link = await within(nav).findByRole('link', { name: 'Cores' });
    expect(link.getAttribute('href')).toBe('/forms/core-form');
    expect(within(nav).getByText('Core')).toBeTruthy();
    expect(within(nav).queryByText('File Upload')).toBeNull();
  });

  // issue 18 item 16: the crumb and the page title say what the menu and the form's heading say (the
  // template's label), not a guess from the address ('Split', 'Person', 'Corebox', 'File Management')
  it.each([
    ['/forms/split-form/7', 'Section Split'],
    ['/forms/person-form', 'Contact Person'],
    ['/forms/corebox-form', 'Core Box'],
    ['/forms/files-form/3', 'Archive Files'],
    ['/split', 'Section Split'],
  ])('names %s by its form label, %s, in the breadcrumbs and the title', async (path, label) => {
    const entry = (key: string, formLabel: string, module: string) => ({
      key,
      label: formLabel,
      dataModel: key,
      module,
    });
    mockApi({
      ...shellAnswers(ADMIN),
      'GET app/forms': {
        status: 200,
        body: {
          Curation: [entry('split', 'Section Split', 'Curation'), entry('corebox', 'Core Box', 'Curation')],
          Project: [entry('person', 'Contact Person', 'Project')],
          Archive: [entry('files', 'Archive Files', 'Archive')],
        },
      },
    });
    renderApp(path, { user: ADMIN });
    const crumbs = await screen.findByRole('navigation', { name: 'breadcrumb' });
    await waitFor(() => expect(within(crumbs).getByText(label).getAttribute('aria-current')).toBe('page'));
    expect(document.title).toBe(`${label} - mDIS`);
  });

  it('hides the breadcrumbs on /login', async () => {
    mockApi({ 'GET app/config': { status: 200, body: {} } });
    renderApp('/login');
    await screen.findByRole('button', { name: 'Log In' });
    expect(screen.queryByRole('navigation', { name: 'breadcrumb' })).toBeNull();
  });

  it('opens the imprint naming the provider', async () => {
    mockApi({ 'GET app/config': { status: 200, body: {} } });
    renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Imprint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Imprint' });
    expect(within(dialog).getByText(/GFZ Helmholtz Centre for Geosciences/)).toBeTruthy();
  });

  it('logs out: revokes the token, forgets the user, shows the login', async () => {
    const fetchMock = mockApi({ ...shellAnswers(ADMIN), 'POST auth/logout': { status: 204 } });
    renderApp('/', { user: ADMIN });
    await userEvent.click(await screen.findByRole('button', { name: 'account menu' }));
    expect(await screen.findByText('Ada Admin')).toBeTruthy(); // the menu loads when first opened
    await userEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByRole('button', { name: 'Log In' })).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull());
    const logoutCall = fetchMock.mock.calls.find(([url]) => requestUrl(url) === 'api/v1/auth/logout');
    expect(logoutCall?.[1]?.method).toBe('POST');
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });
});
