import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';

// The module keeps whether the worker was registered (and the stub what was asked): fresh copies for every test.
async function freshModules() {
  vi.resetModules();
  const worker = await import('./offlineWorker');
  const { markKeptOffline } = await import('../../features/offline/registerOffline');
  const { UpdatePrompt, UPDATE_MESSAGE } = await import('../../app/shell/UpdatePrompt');
  const stub = await import('../../test/pwaRegisterStub');
  return { ...worker, markKeptOffline, UpdatePrompt, UPDATE_MESSAGE, registrations: stub.registrations };
}

describe('the offline worker', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    localStorage.clear();
  });

  it('registers only a while after the page has loaded, not during the first screen', async () => {
    const { startOfflineWorkerAfterLoad, WORKER_DELAY_MS, registrations } = await freshModules();
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    startOfflineWorkerAfterLoad();
    await vi.advanceTimersByTimeAsync(WORKER_DELAY_MS * 2);
    expect(registrations).toHaveLength(0);
    readyState.mockReturnValue('complete');
    window.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(WORKER_DELAY_MS - 1);
    expect(registrations).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(registrations).toHaveLength(1);
  });

  it('registers at once (and once) when the user keeps data offline', async () => {
    const { startOfflineWorkerAfterLoad, markKeptOffline, WORKER_DELAY_MS, registrations } = await freshModules();
    startOfflineWorkerAfterLoad();
    markKeptOffline();
    expect(registrations).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(WORKER_DELAY_MS);
    expect(registrations).toHaveLength(1);
  });

  it('offers a new build when the worker finds one, until the user says Later', async () => {
    const { startOfflineWorker, UpdatePrompt, UPDATE_MESSAGE, registrations } = await freshModules();
    render(<UpdatePrompt />);
    startOfflineWorker();
    expect(screen.queryByText(UPDATE_MESSAGE)).toBeNull();
    act(() => registrations[0]?.onNeedRefresh?.());
    expect(screen.getByText(UPDATE_MESSAGE)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    await vi.advanceTimersByTimeAsync(1000);
    expect(screen.queryByText(UPDATE_MESSAGE)).toBeNull();
  });
});
