// An async iterable with its next item already on the way: while an import writes batch N (on
// PostgreSQL the database works in a process of its own), the file's batch N+1 is read and parsed
// in the event loop's idle turns instead of after the writes.

/**
 * `source`'s items in order, the next one asked for as soon as an item is handed out: at most one
 * item ahead, so memory holds two batches, never the file. An error of the source surfaces where it
 * would have without the read-ahead: when the consumer asks for the item it belongs to. When the
 * consumer stops early (a failing write, a `break`), the source is closed once the item on the way
 * has arrived (its error, if any, is dropped with it).
 */
export async function* readAhead<T>(source: AsyncIterable<T>): AsyncGenerator<T, void, undefined> {
  const iterator = source[Symbol.asyncIterator]();
  let next = iterator.next();
  let done = false;
  try {
    for (;;) {
      const result = await next;
      if (result.done) {
        done = true;
        return;
      }
      next = iterator.next();
      // Awaited when the consumer asks for it; until then its rejection is not "unhandled".
      next.catch(() => undefined);
      yield result.value;
    }
  } catch (error) {
    done = true;
    throw error;
  } finally {
    if (!done) {
      await next.catch(() => undefined);
      await iterator.return?.();
    }
  }
}
