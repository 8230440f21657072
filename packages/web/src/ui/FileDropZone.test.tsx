import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FileDropZone } from './FileDropZone';

const file = (name: string) => new File(['x'], name);

describe('file drop zone', () => {
  it('hands dropped files to the queue', () => {
    const onFiles = vi.fn();
    render(<FileDropZone multiple onFiles={onFiles} />);
    const zone = screen.getByRole('group', { name: 'Drop files here' });
    const files = [file('a.jpg'), file('b.jpg')];
    fireEvent.dragOver(zone, { dataTransfer: { files } });
    fireEvent.drop(zone, { dataTransfer: { files } });
    expect(onFiles).toHaveBeenCalledWith(files);
  });

  it('offers the allowed types in the picker and takes picked files', async () => {
    const onFiles = vi.fn();
    render(<FileDropZone multiple={false} allowedTypes={['zip', '.json']} onFiles={onFiles} />);
    const input = screen.getByTestId<HTMLInputElement>('file-input');
    expect(input.accept).toBe('.zip,.json');
    expect(input.multiple).toBe(false);
    expect(screen.getByRole('button', { name: 'Choose a file' })).toBeDefined();
    await userEvent.upload(input, file('t.zip'));
    expect(onFiles).toHaveBeenCalledWith([expect.objectContaining({ name: 't.zip' })]);
  });

  it('ignores drops while disabled', () => {
    const onFiles = vi.fn();
    render(<FileDropZone multiple disabled onFiles={onFiles} />);
    fireEvent.drop(screen.getByRole('group', { name: 'Drop files here' }), { dataTransfer: { files: [file('a')] } });
    expect(onFiles).not.toHaveBeenCalled();
  });
});
