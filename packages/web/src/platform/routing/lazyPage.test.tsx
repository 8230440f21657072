import { Suspense, useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyPage } from './lazyWithTimeout';

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      {label} {count}
    </button>
  );
}

function inSuspense(element: React.ReactNode) {
  return <Suspense fallback={<p>loading</p>}>{element}</Suspense>;
}

describe('lazyPage', () => {
  it('renders a preloaded page in its first commit, without showing the fallback', async () => {
    const Page = lazyPage(async () => ({ Counter }), 'Counter');
    await Page.preload();
    render(inSuspense(<Page label="clicks" />));
    expect(screen.queryByText('loading')).toBeNull();
    expect(screen.getByRole('button').textContent).toBe('clicks 0');
  });

  it('loads a page that was not preloaded, and keeps its state when its parent renders again', async () => {
    const Page = lazyPage(async () => ({ Counter }), 'Counter');
    const { rerender } = render(inSuspense(<Page label="a" />));
    expect(screen.getByText('loading')).toBeTruthy();
    const button = await screen.findByRole('button');
    act(() => button.click());
    rerender(inSuspense(<Page label="b" />));
    expect(screen.getByRole('button').textContent).toBe('b 1');
  });

  it('tries again after a failed load', async () => {
    let attempts = 0;
    const Page = lazyPage(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('chunk 404');
      return { Counter };
    }, 'Counter');
    await expect(Page.preload()).rejects.toThrow('chunk 404');
    await Page.preload();
    render(inSuspense(<Page label="again" />));
    expect(screen.getByRole('button').textContent).toBe('again 0');
  });
});
