import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Dialog from '@mui/material/Dialog';
import { DialogHeader } from './DialogHeader';

// Issue 24, the look: every dialog has the same header, its title and a close button.
describe('DialogHeader', () => {
  it('names the dialog by its title alone and closes it with the button at the right', async () => {
    const onClose = vi.fn();
    render(
      <Dialog open onClose={onClose} aria-labelledby="test-dialog-title">
        <DialogHeader id="test-dialog-title" onClose={onClose}>
          Edit Post
        </DialogHeader>
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit Post' });
    // the heading holds the title alone (in Chromium a close button inside it joined the names)
    const heading = screen.getByRole('heading', { level: 2 });
    expect(heading.textContent).toBe('Edit Post');
    expect(within(heading).queryByRole('button')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(dialog).toBeTruthy();
  });

  it('has no close button when the dialog must be answered', () => {
    render(
      <Dialog open aria-labelledby="answer-title">
        <DialogHeader id="answer-title">Unsaved changes</DialogHeader>
      </Dialog>,
    );
    expect(screen.getByRole('dialog', { name: 'Unsaved changes' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });
});
