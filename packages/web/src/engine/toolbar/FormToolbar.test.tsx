import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider, createTheme } from '@mui/material/styles';
import HistoryIcon from '@mui/icons-material/History';
import { FormToolbar, type FormToolbarProps } from './FormToolbar';
import { ToolbarAction } from './ToolbarAction';

/** A phone: every `(max-width: …)` query of the theme matches. */
function phoneScreen() {
  vi.stubGlobal('matchMedia', (media: string) => ({
    matches: media.includes('max-width'),
    media,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

const noop = () => undefined;

function renderToolbar(props: Partial<FormToolbarProps> & { onHistory?: () => void } = {}) {
  const { onHistory = noop, ...rest } = props;
  return render(
    <ThemeProvider theme={createTheme()}>
      <FormToolbar
        scenario="view"
        canEdit
        hasSelection
        saveDisabled={false}
        busy={false}
        position={1}
        total={2}
        canGoBack={false}
        canGoForward
        onEdit={noop}
        onNew={noop}
        onDuplicate={noop}
        onDelete={noop}
        onSave={noop}
        onCancel={noop}
        onNavigate={noop}
        {...rest}
      >
        <ToolbarAction icon={<HistoryIcon />} onClick={onHistory}>
          History
        </ToolbarAction>
      </FormToolbar>
    </ThemeProvider>,
  );
}

describe("the form toolbar's 'More actions' on a phone", () => {
  beforeEach(phoneScreen);
  afterEach(() => vi.unstubAllGlobals());

  it('is a menu button whose menu holds Smart Copy, Delete and the extras as menu items', async () => {
    renderToolbar();
    const more = await screen.findByRole('button', { name: 'More actions' });
    expect(more.getAttribute('aria-haspopup')).toBe('menu');
    expect(more.getAttribute('aria-expanded')).toBe('false');
    // on the toolbar itself only Edit and New (and the navigation) are left
    expect(screen.queryByRole('button', { name: /Smart Copy/ })).toBeNull();
    await userEvent.click(more);
    const menu = await screen.findByRole('menu', { name: 'More actions' });
    expect(more.getAttribute('aria-expanded')).toBe('true');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Smart Copy', 'Delete', 'History']);
  });

  it('works by keyboard: the first item has focus, arrows move, Enter runs and closes, Esc returns', async () => {
    const onHistory = vi.fn();
    const onDelete = vi.fn();
    renderToolbar({ onHistory, onDelete });
    const more = await screen.findByRole('button', { name: 'More actions' });
    more.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'More actions' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Smart Copy'));
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('History');
    await userEvent.keyboard('{Enter}');
    expect(onHistory).toHaveBeenCalledTimes(1);
    expect(onDelete).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(menu.isConnected, 'kept mounted: a dialog an item opened lives on').toBe(true);

    await userEvent.click(more);
    await screen.findByRole('menu', { name: 'More actions' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(more));
  });

  it('keeps the access rules: without the edit permission there is no Smart Copy or Delete', async () => {
    renderToolbar({ canEdit: false });
    await userEvent.click(await screen.findByRole('button', { name: 'More actions' }));
    const menu = await screen.findByRole('menu', { name: 'More actions' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['History']);
  });

  it('a disabled action stays disabled in the menu (no record selected)', async () => {
    renderToolbar({ hasSelection: false });
    await userEvent.click(await screen.findByRole('button', { name: 'More actions' }));
    const menu = await screen.findByRole('menu', { name: 'More actions' });
    expect(within(menu).getByRole('menuitem', { name: 'Delete' }).getAttribute('aria-disabled')).toBe('true');
  });
});

describe('the form toolbar on a desktop', () => {
  it('shows every action as a button, with no menu', () => {
    renderToolbar();
    for (const name of ['Edit', 'New', 'Smart Copy', 'Delete', 'History'])
      expect(screen.getByRole('button', { name: new RegExp(`^${name}`) })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'More actions' })).toBeNull();
  });
});
