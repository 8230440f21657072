import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
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

/**
 * React.lazy for a named export, with the 120 s chunk timeout.
 * @example const UsersPage = lazyPage(() => import('./UsersPage'), 'UsersPage');
 */
export function lazyPage<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K] & ComponentType> {
  return lazy(async () => {
    const module = await withTimeout(load);
    return { default: module[name] as M[K] & ComponentType };
  });
}
