import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ADMIN, mockApi, shellAnswers } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';

// whether the drag-and-drop library has been loaded (its module evaluated) yet
const dragLibrary = vi.hoisted(() => ({ loaded: false }));
vi.mock('@dnd-kit/core', async (importOriginal) => {
  dragLibrary.loaded = true;
  return await importOriginal();
});

const HOLES = { key: 'hole', label: 'Holes', dataModel: 'ProjectHole', module: 'Project' };
const CORES = { key: 'core', label: 'Cores', dataModel: 'CoreCore', module: 'Core' };

async function favouritesShown() {
  mockApi({
    ...shellAnswers(ADMIN),
    'GET app/forms': { status: 200, body: { Core: [CORES], Project: [HOLES] } },
    'GET app/user-config/favorite-forms': { status: 200, body: [HOLES, CORES] },
  });
  renderApp('/settings', { user: ADMIN });
  const nav = await screen.findByRole('navigation', { name: 'main navigation' });
  const favourites = await within(nav).findByRole('list', { name: 'Favourites' });
  await within(favourites).findByRole('link', { name: 'Holes' });
  return favourites;
}

const sortableHandle = async (name: string) =>
  waitFor(() => {
    const handle = screen.getByRole('button', { name });
    expect(handle.getAttribute('aria-roledescription')).toBe('sortable');
    return handle;
  });

describe('the favourites in the drawer', () => {
  it('should not load the drag-and-drop library before the pointer reaches the forms in the drawer', async () => {
    const favourites = await favouritesShown();
    const handle = within(favourites).getByRole('button', { name: 'Drag Holes to reorder' });
    expect(handle.getAttribute('aria-roledescription')).toBeNull();
    expect(dragLibrary.loaded).toBe(false);

    fireEvent.pointerEnter(favourites);
    await sortableHandle('Drag Holes to reorder');
    expect(dragLibrary.loaded).toBe(true);
    expect(
      within(screen.getByRole('list', { name: 'Favourites' }))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Holes', 'Cores']);
  });

  it('keeps the focus on the handle the keyboard reached while the drag-and-drop library loads', async () => {
    const favourites = await favouritesShown();
    within(favourites).getByRole('button', { name: 'Drag Cores to reorder' }).focus();
    const handle = await sortableHandle('Drag Cores to reorder');
    expect(document.activeElement).toBe(handle);
  });
});
