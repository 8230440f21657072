/**
 * `compute(key, ...rest)` once per key object, kept as long as the key lives (a WeakMap). For what
 * derives from an object that never changes, such as a record model (built once per template
 * revision, frozen) or a column list: every request then shares the result. The other arguments
 * only help to compute it; the key alone must decide the value (one app, one dialect). A value of
 * undefined is not kept (computed again).
 */
export function memoByObject<K extends WeakKey, A extends unknown[], V>(
  compute: (key: K, ...rest: A) => V,
): (key: K, ...rest: A) => V {
  const cache = new WeakMap<K, V>();
  return (key, ...rest) => {
    let value = cache.get(key);
    if (value === undefined) {
      value = compute(key, ...rest);
      cache.set(key, value);
    }
    return value;
  };
}
