import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { announceDataChange, onDataChangeElsewhere } from './dataChanges';

// Another window of the app: a channel of the same name, as the other window's module would open.
const otherWindow = new BroadcastChannel('mdis-data-changes');
afterEach(() => {
  otherWindow.onmessage = null;
});
afterAll(() => otherWindow.close());

describe('data changes between windows', () => {
  it('announces a write to the other windows, and hears theirs but not its own', async () => {
    const heardThere = new Promise<unknown>((resolve) => {
      otherWindow.onmessage = (event: MessageEvent) => resolve(event.data);
    });
    const listener = vi.fn();
    const stop = onDataChangeElsewhere(listener);
    announceDataChange({ path: 'file/assign' });
    expect(await heardThere).toEqual({ path: 'file/assign' });

    otherWindow.postMessage({ path: 'form/7?name=core' });
    await vi.waitFor(() => expect(listener).toHaveBeenCalledWith({ path: 'form/7?name=core' }));
    expect(listener).toHaveBeenCalledTimes(1); // its own announcement did not come back
    stop();
  });
});
