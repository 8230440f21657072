import { describe, expect, it } from 'vitest';
import {
  UPLOAD_MESSAGES,
  addToQueue,
  formatFileSize,
  nextToUpload,
  removeEntry,
  retryFailed,
  updateEntry,
  type QueuedFile,
} from './uploadQueue';

const file = (name: string, size = 3) => new File(['x'.repeat(size)], name);
const names = (queue: readonly QueuedFile[]) => queue.map((entry) => entry.name);

describe('upload queue', () => {
  it('queues picked files in order, waiting at 0 %', () => {
    const { queue, errors } = addToQueue([], [file('a.jpg'), file('b.png')], { multiple: true });
    expect(names(queue)).toEqual(['a.jpg', 'b.png']);
    expect(queue.map((e) => [e.status, e.progress])).toEqual([
      ['waiting', 0],
      ['waiting', 0],
    ]);
    expect(errors).toEqual([]);
  });

  it('ignores a name that is already queued, without a message', () => {
    const first = addToQueue([], [file('a.jpg')], { multiple: true }).queue;
    const { queue, errors } = addToQueue(first, [file('a.jpg', 10), file('c.jpg'), file('c.jpg')], { multiple: true });
    expect(names(queue)).toEqual(['a.jpg', 'c.jpg']);
    expect(queue[0]?.file.size).toBe(3);
    expect(errors).toEqual([]);
  });

  it("refuses other types with 'only {types} file types are allowed' and keeps the allowed ones", () => {
    const rules = { multiple: true, allowedTypes: ['zip', 'json'] };
    const { queue, errors } = addToQueue([], [file('t.ZIP'), file('photo.jpg'), file('x.json')], rules);
    expect(names(queue)).toEqual(['t.ZIP', 'x.json']);
    expect(errors).toEqual(['only zip, json file types are allowed']);
    expect(UPLOAD_MESSAGES.typesNotAllowed(['jpg'])).toBe('only jpg file types are allowed');
  });

  it("refuses a multi-file drop on a single-file uploader with 'multiple file upload is not allowed'", () => {
    const held = addToQueue([], [file('a.json')], { multiple: false }).queue;
    const refused = addToQueue(held, [file('b.json'), file('c.json')], { multiple: false });
    expect(refused.errors).toEqual(['multiple file upload is not allowed']);
    expect(names(refused.queue)).toEqual(['a.json']);
    // one file replaces the one held
    expect(names(addToQueue(held, [file('d.json')], { multiple: false }).queue)).toEqual(['d.json']);
  });

  it('uploads waiting files in order; failed ones wait again on retry', () => {
    let queue = addToQueue([], [file('a'), file('b'), file('c')], { multiple: true }).queue;
    queue = updateEntry(queue, 'a', { status: 'failed', progress: 40 });
    expect(nextToUpload(queue)?.name).toBe('b');
    queue = removeEntry(queue, 'b');
    expect(names(queue)).toEqual(['a', 'c']);
    queue = retryFailed(queue);
    expect(nextToUpload(queue)?.name).toBe('a');
    expect(queue[0]?.progress).toBe(0);
  });

  it('formats sizes for the queue', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5.0 MB');
    expect(formatFileSize(300 * 1024 * 1024)).toBe('300 MB');
  });
});
