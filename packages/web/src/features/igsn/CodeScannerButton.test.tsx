import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN, mockApi, shellAnswers } from '../../test/mockApi';
import { CodeScannerButton } from './CodeScannerButton';
import { renderAtRoute } from './test/renderAtRoute';

describe('code scanner button', () => {
  it('opens the scanner dialog with an empty, focused input, and Escape closes it', async () => {
    mockApi(shellAnswers(ADMIN));
    renderAtRoute(<CodeScannerButton />, '/');
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'scan igsn code' }));
    const input = await screen.findByLabelText('Enter (or scan) igsn code');
    expect((input as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(input));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
