import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS, type AuthUser } from '@mdis/shared';
import { VIEWER } from '../../test/mockApi';
import { renderAtRoute } from '../igsn/test/renderAtRoute';
import { FilesUploadPage } from './FilesUploadPage';
import { fakeFilesServer, uploadedRow } from './test/fakeFilesServer';
import { FakeXhr } from './test/fakeXhr';

const OPERATOR: AuthUser = { ...VIEWER, id: 3, username: 'olga', token: 'operator-token', roles: ['operator'] };

function openPage(path = '/files-upload', uploaded: ReturnType<typeof uploadedRow>[] = []) {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(OPERATOR));
  const server = fakeFilesServer(OPERATOR);
  server.state.uploaded = uploaded;
  renderAtRoute(<FilesUploadPage />, path, '/files-upload');
  return server;
}

const pick = async (...names: string[]) =>
  userEvent.upload(
    screen.getByTestId('file-input'),
    names.map((name) => new File(['0123456789'], name, { type: 'image/jpeg' })),
  );
const queued = () =>
  within(screen.queryByRole('list', { name: 'Upload queue' }) ?? document.createElement('ul'))
    .queryAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label'));
const lastXhr = () => {
  const xhr = FakeXhr.sent.at(-1);
  if (!xhr) throw new Error('nothing was sent');
  return xhr;
};

describe('file upload screen', () => {
  beforeEach(() => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('queues picked files once each and uploads them one by one with progress', { timeout: 30_000 }, async () => {
    const server = openPage();
    await screen.findByRole('combobox', { name: 'Upload as type' });
    await pick('a.jpg', 'b.jpg', 'c.jpg');
    await pick('b.jpg');
    expect(queued()).toEqual(['a.jpg', 'b.jpg', 'c.jpg']);

    await userEvent.click(await screen.findByRole('button', { name: 'Upload 3 files' }));
    // one request at a time, with the original's multipart keys and the bearer token
    expect(FakeXhr.sent).toHaveLength(1);
    const first = lastXhr();
    expect([first.method, first.url]).toEqual(['POST', 'api/v1/file/upload']);
    expect(first.headers.Authorization).toBe('Bearer operator-token');
    expect(first.body?.get('FilesUploadNewFormModel[type]')).toBe('UN');
    expect((first.body?.get('FilesUploadNewFormModel[files][0]') as File).name).toBe('a.jpg');

    first.progress(5, 10);
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'progress of a.jpg' }).getAttribute('aria-valuenow')).toBe('50'),
    );
    server.state.uploaded = [uploadedRow(11, 'a.jpg')];
    first.respond(201, { items: [uploadedRow(11, 'a.jpg')] });
    await waitFor(() => expect(queued()).toEqual(['b.jpg', 'c.jpg']));
    expect(FakeXhr.sent).toHaveLength(2);

    lastXhr().respond(500, { message: 'disk full' });
    expect(await screen.findByText('error while uploading b.jpg')).toBeDefined();
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(3));
    server.state.uploaded = [uploadedRow(13, 'c.jpg'), uploadedRow(11, 'a.jpg')];
    lastXhr().respond(201, { items: [uploadedRow(13, 'c.jpg')] });

    // the failed file stays for another try; the uploaded ones wait, ticked, for the assignment
    await waitFor(() => expect(queued()).toEqual(['b.jpg']));
    expect(screen.getByRole('listitem', { name: 'b.jpg' }).textContent).toContain('failed: disk full');
    const table = await screen.findByRole('table', { name: 'Uploaded files' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'select a.jpg' }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'select c.jpg' }).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Upload 1 file' })).toBeDefined();
  });

  it('assigns the ticked files to the record chosen with the cascading selects', { timeout: 30_000 }, async () => {
    const server = openPage(`/files-upload?filter=${encodeURIComponent('expedition:1,site:2')}`, [
      uploadedRow(11, 'a.jpg'),
      uploadedRow(12, 'b.jpg'),
    ]);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'select b.jpg' }, { timeout: 5000 }));

    // the opening form's filter is chosen already; the next select lists the site's holes
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Site' }).textContent).toBe('1'));
    expect(screen.getByRole('combobox', { name: 'Core' }).getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(screen.getByRole('combobox', { name: 'Hole' }));
    await userEvent.click(await screen.findByRole('option', { name: 'A' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Core' }));
    await userEvent.click(await screen.findByRole('option', { name: '2' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'File Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'PH - photos' }));

    await userEvent.click(screen.getByRole('button', { name: 'Assign 1 file' }));
    expect(await screen.findByText('1 file assigned successfully')).toBeDefined();
    expect(server.state.bodies).toEqual([
      {
        path: 'POST file/assign',
        body: { ids: [12], type: 'PH', expedition_id: 1, site_id: 2, hole_id: 3, core_id: 6 },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'select b.jpg' })).toBeNull());

    // choosing another hole clears the core below it
    await userEvent.click(screen.getByRole('combobox', { name: 'Site' }));
    await userEvent.click(await screen.findByRole('option', { name: 'none' }));
    expect(screen.getByRole('combobox', { name: 'Hole' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('combobox', { name: 'Core' }).textContent).not.toBe('2');
  });

  it('deletes ticked uploads after the confirmation', { timeout: 30_000 }, async () => {
    const server = openPage('/files-upload', [uploadedRow(11, 'a.jpg'), uploadedRow(12, 'b.jpg')]);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'select a.jpg' }, { timeout: 5000 }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete 1 file' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure? this action could not be reverted.')).toBeDefined();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('deleted successfully')).toBeDefined();
    expect(server.state.bodies).toEqual([{ path: 'POST file/delete', body: { ids: [11] } }]);
    // While the dialog fades out the page behind it is aria-hidden: role queries would see nothing.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('checkbox', { name: 'select b.jpg' })).toBeDefined();
    expect(screen.queryByRole('checkbox', { name: 'select a.jpg' })).toBeNull();
  });
});
