import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { mockApi } from '../../test/mockApi';
import { renderAtRoute } from '../igsn/test/renderAtRoute';
import { UploadSection } from './UploadSection';
import { FILE_TYPES } from './test/fakeFilesServer';

const file = (name: string) => new File(['x'], name);

function renderSingleZipUploader() {
  mockApi({});
  renderAtRoute(
    <UploadSection types={FILE_TYPES} rules={{ multiple: false, allowedTypes: ['zip'] }} onUploaded={() => {}} />,
    '/upload',
  );
  return screen.getByRole('group', { name: 'Drop a file here' });
}

describe('upload section with restricted rules', () => {
  it("says 'multiple file upload is not allowed' for a drop of several files", async () => {
    const zone = renderSingleZipUploader();
    fireEvent.drop(zone, { dataTransfer: { files: [file('a.zip'), file('b.zip')] } });
    expect(await screen.findByText('multiple file upload is not allowed')).toBeDefined();
    expect(screen.getByText('No files in the queue.')).toBeDefined();
  });

  it("says 'only zip file types are allowed' for another type and queues nothing", async () => {
    const zone = renderSingleZipUploader();
    fireEvent.drop(zone, { dataTransfer: { files: [file('photo.jpg')] } });
    expect(await screen.findByText('only zip file types are allowed')).toBeDefined();
    expect(screen.getByText('No files in the queue.')).toBeDefined();
    fireEvent.drop(zone, { dataTransfer: { files: [file('templates.zip')] } });
    expect(await screen.findByRole('listitem', { name: 'templates.zip' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Upload 1 file' })).toBeDefined();
  });
});
