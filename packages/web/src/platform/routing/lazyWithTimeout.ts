import { createElement, lazy, useState, type ComponentType, type FunctionComponent } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@mdis/shared';

export const CHUNK_TIMEOUT_MESSAGE =
  'Loading this page took too long (over 120 s). Please check your connection and reload the page.';

/** Rejects when `load` has not settled within `ms`, so a hung chunk request ends in a clear error. */
export function withTimeout<T>(load: () => Promise<T>, ms: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(CHUNK_TIMEOUT_MESSAGE)), ms);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** A lazily loaded component that can be asked to load before it first renders. */
export type LazyPage<P> = FunctionComponent<P> & {
  /** Starts loading the chunk (once); a page whose chunk has arrived renders without suspending. */
  preload: () => Promise<unknown>;
};

/**
 * React.lazy for a named export, with the 120 s chunk timeout and a preload. Why the preload:
 * React shows a suspended boundary's content no sooner than 300 ms after the last fallback it
 * committed anywhere (its reveal throttle), so a page that suspends while the shell's own lazy
 * parts show their fallbacks appears up to 300 ms after its chunk arrived. A page preloaded while
 * the session starts renders at once, without suspending.
 * @example const UsersPage = lazyPage(() => import('./UsersPage'), 'UsersPage');
 */
export function lazyPage<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyPage<React.ComponentProps<M[K] & ComponentType>> {
  type Props = React.ComponentProps<M[K] & ComponentType>;
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const preload = () =>
    (loading ??= withTimeout(load).then(
      (module) => (loaded = module[name] as ComponentType<Props>),
      (error: unknown) => {
        loading = undefined; // a later render may try again
        throw error;
      },
    ));
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Page(props: Props) {
    // chosen once per mount: switching from Lazy to the loaded type later would remount the page
    const [component] = useState<ComponentType<Props>>(() => loaded ?? Lazy);
    return createElement(component, props);
  }
  return Object.assign(Page, { preload });
}
