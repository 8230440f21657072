import type { CompiledQuery, Compilable, QueryResult } from 'kysely';

/** Where the query runs: a Kysely instance or transaction. */
interface Runner {
  executeQuery<R>(query: CompiledQuery<R>): Promise<QueryResult<R>>;
}

/** Stands for the n-th argument while the query is built: compiled as a parameter like any value. */
class Slot {
  constructor(readonly index: number) {}
}

/**
 * A query whose shape never changes (the token lookup every request makes), built and compiled by
 * Kysely once instead of on every call: the builder gets placeholders, and each call swaps its
 * arguments into the compiled parameters. The SQL text is then the same string every time, so the
 * SQLite statement cache finds it without hashing a new string.
 */
export function preparedQuery<A extends unknown[], R>(
  db: Runner,
  build: (...args: A) => Compilable<R>,
): (...args: A) => Promise<R[]> {
  let compiled: CompiledQuery<R> | undefined;
  let slots: (number | undefined)[] = [];
  return async (...args: A) => {
    if (!compiled) {
      const placeholders = args.map((_, index) => new Slot(index)) as unknown as A;
      compiled = build(...placeholders).compile();
      slots = compiled.parameters.map((value) => (value instanceof Slot ? value.index : undefined));
    }
    const template = compiled;
    const parameters = slots.map((slot, i) => (slot === undefined ? template.parameters[i] : args[slot]));
    return (await db.executeQuery<R>({ ...template, parameters })).rows;
  };
}
