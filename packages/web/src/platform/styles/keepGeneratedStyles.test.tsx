import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import styled from '@emotion/styled';
import { EARLY_CHECKS_MS, STORED_STYLES_KEY, useKeepGeneratedStyles } from './keepGeneratedStyles';

function Keeper() {
  useKeepGeneratedStyles('test-version');
  return null;
}

const Shell = styled.div({ color: 'red' });
const Screen = styled.div({ color: 'blue', padding: 3 });

/** The page as it grows: the shell's style first, the screen's later (a page still loading after a second). */
function Page({ screen }: { screen: boolean }) {
  return (
    <>
      <Keeper />
      <Shell>shell</Shell>
      {screen && <Screen>screen</Screen>}
    </>
  );
}

const storedNames = () =>
  (JSON.parse(localStorage.getItem(STORED_STYLES_KEY) ?? '{"names": []}') as { names: string[] }).names.length;

describe('the generated styles kept for the next load', () => {
  afterEach(() => {
    vi.useRealTimers();
    localStorage.clear();
  });

  it('are kept again when the page generated more after the first copy, within seconds, not 20 s later', () => {
    vi.useFakeTimers();
    const cache = createCache({ key: 'css' });
    const { rerender } = render(
      <CacheProvider value={cache}>
        <Page screen={false} />
      </CacheProvider>,
    );
    act(() => {
      vi.advanceTimersByTime((EARLY_CHECKS_MS[0] ?? 0) + 100);
    });
    const shellOnly = storedNames();
    expect(shellOnly).toBeGreaterThan(0);
    // the screen arrives 1.5 s after the start
    rerender(
      <CacheProvider value={cache}>
        <Page screen />
      </CacheProvider>,
    );
    act(() => {
      vi.advanceTimersByTime(2_000);
    });
    expect(storedNames()).toBeGreaterThan(shellOnly);
  });
});
