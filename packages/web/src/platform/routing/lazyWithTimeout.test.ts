import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MESSAGE, withTimeout } from './lazyWithTimeout';

describe('withTimeout', () => {
  afterEach(() => vi.useRealTimers());

  it('rejects with a clear message when the chunk does not arrive within 120 s', async () => {
    vi.useFakeTimers();
    const pending = withTimeout(() => new Promise<never>(() => {}));
    const assertion = expect(pending).rejects.toThrow(CHUNK_TIMEOUT_MESSAGE);
    await vi.advanceTimersByTimeAsync(119_999);
    await vi.advanceTimersByTimeAsync(1);
    await assertion;
  });

  it('resolves with the module when it arrives in time', async () => {
    await expect(withTimeout(async () => ({ Page: 1 }), 50)).resolves.toEqual({ Page: 1 });
  });

  it('passes a load failure through', async () => {
    await expect(withTimeout(() => Promise.reject(new Error('chunk 404')), 50)).rejects.toThrow('chunk 404');
  });
});
