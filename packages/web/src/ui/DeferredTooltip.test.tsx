import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import DeferredTooltip, { resetDeferredTooltips } from './DeferredTooltip';

// material-react-table's tooltips (src/ui/DeferredTooltip.tsx): only an accessible name until the
// person first points or types, then MUI's Tooltip.
describe('DeferredTooltip', () => {
  afterEach(() => resetDeferredTooltips());

  it('names its child before anyone points at the page, with no tooltip of its own', () => {
    render(
      <DeferredTooltip title="Sort by Core ascending">
        <button type="button">⇅</button>
      </DeferredTooltip>,
    );
    expect(screen.getByRole('button', { name: 'Sort by Core ascending' })).toBeTruthy();
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it("keeps the child's own name, as MUI's Tooltip does", () => {
    render(
      <DeferredTooltip title="Move">
        <button type="button" aria-label="Drag Core to reorder">
          ≡
        </button>
      </DeferredTooltip>,
    );
    expect(screen.getByRole('button', { name: 'Drag Core to reorder' })).toBeTruthy();
  });

  it('shows the tooltip on hover once the pointer has been over the page', async () => {
    render(
      <div>
        <p>elsewhere</p>
        <DeferredTooltip title="Sort by Core ascending">
          <button type="button">⇅</button>
        </DeferredTooltip>
      </div>,
    );
    act(() => {
      fireEvent.pointerOver(screen.getByText('elsewhere'));
    });
    await userEvent.hover(screen.getByRole('button', { name: 'Sort by Core ascending' }));
    expect((await screen.findByRole('tooltip')).textContent).toBe('Sort by Core ascending');
  });

  it('becomes a tooltip on the first key, before the key moves the focus', async () => {
    render(
      <DeferredTooltip title="Sort by Core ascending">
        <button type="button">⇅</button>
      </DeferredTooltip>,
    );
    const before = screen.getByRole('button');
    fireEvent.keyDown(document.body, { key: 'Tab' });
    // MUI's Tooltip put its own node in place of the stand-in's
    expect(screen.getByRole('button', { name: 'Sort by Core ascending' })).not.toBe(before);
  });
});
