import { useCallback, useLayoutEffect, useRef } from 'react';

// The form screen's sections read one context that changes with everything (a list arriving, a
// page, a sort): each section hands what it shows to a memoised view, which renders again only
// when that changed (bench:web --trace, issue 18 §2).

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** The same items, or the same entries, each by reference: a list or selection made anew with the same content. */
function sameContent(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => Object.is(item, b[i]));
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && Object.is(a[key], b[key]))
  );
}

/**
 * memo's comparison for a section's view: props equal by reference, or lists and plain objects
 * with the same items (a filter read again from the address by a sort click is a new object).
 */
export function sameProps<P extends object>(before: P, after: P): boolean {
  const keys = Object.keys(before) as (keyof P)[];
  if (keys.length !== Object.keys(after).length) return false;
  return keys.every((key) => Object.is(before[key], after[key]) || sameContent(before[key], after[key]));
}

/** One function for the component's life that calls the latest `handler`: a memoised view's prop that never changes. */
export function useStableHandler<A extends unknown[], R>(handler: (...args: A) => R): (...args: A) => R {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
