import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fetchedUrls, mockApi } from '../../test/mockApi';
import { renderAtRoute } from '../igsn/test/renderAtRoute';
import { FileRecordAddon } from './FileRecordAddon';

const ASSIGNED = { id: 7, original_filename: 'box 1.jpg', type: 'PH', core_id: 4, expedition_id: 1 };
const WAITING = { id: 8, original_filename: 'new.jpg', type: 'UN', core_id: null, expedition_id: null };

function show(record: Record<string, unknown>, canEdit = true) {
  renderAtRoute(<FileRecordAddon record={record} canEdit={canEdit} />, '/forms/files-form/7');
}

describe('archive file preview and unassign', () => {
  it('shows the preview and links the original for download, both by the session cookie', () => {
    mockApi({});
    show(ASSIGNED);
    expect(screen.getByRole('img', { name: 'preview of box 1.jpg' }).getAttribute('src')).toBe('files/7');
    const download = screen.getByRole('link', { name: 'Download original' });
    expect(download.getAttribute('href')).toBe('files/original/7?download=1');
  });

  it("unassigns after the 'Unassign File' confirmation", async () => {
    const fetchMock = mockApi({ 'PUT file/unassign/7': { status: 200, body: { ...ASSIGNED, core_id: null } } });
    show(ASSIGNED);
    await userEvent.click(screen.getByRole('button', { name: 'Unassign' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Unassign File')).toBeDefined();
    expect(
      within(dialog).getByText(
        'This will remove the linkage of this file to this record, and move the file back to the "File Upload" area.',
      ),
    ).toBeDefined();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Unassign' }));
    expect(await screen.findByText('un-assigned successfully')).toBeDefined();
    expect(fetchedUrls(fetchMock).filter((url) => url.includes('file'))).toEqual(['api/v1/file/unassign/7']);
  });

  it(
    "says 'cannot un-assign - {message}' when the server refuses, and nothing without confirmation",
    {
      timeout: 15_000,
    },
    async () => {
      const fetchMock = mockApi({
        'PUT file/unassign/7': { status: 409, body: { message: 'The file is in use.' } },
      });
      show(ASSIGNED);
      await userEvent.click(screen.getByRole('button', { name: 'Unassign' }));
      await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(fetchedUrls(fetchMock).filter((url) => url.includes('file'))).toEqual([]);
      await userEvent.click(screen.getByRole('button', { name: 'Unassign' }));
      await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Unassign' }));
      expect(await screen.findByText('cannot un-assign - The file is in use.')).toBeDefined();
    },
  );

  it('offers unassign only for an assigned file and to a user who may edit files', () => {
    mockApi({});
    show(WAITING);
    expect(screen.queryByRole('button', { name: 'Unassign' })).toBeNull();
  });

  it('hides unassign from a user without the edit permission', () => {
    mockApi({});
    show(ASSIGNED, false);
    expect(screen.queryByRole('button', { name: 'Unassign' })).toBeNull();
  });
});
