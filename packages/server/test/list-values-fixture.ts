import { type FieldError, type ListValue, type Role } from '@mdis/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Dialect } from '../src/infra/db/dialect';
import { signedInUser } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

// Shared set-up of the list-values API tests (list-values.test.ts, list-values-access.test.ts).

export const API = '/api/v1/list-values';
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type Item = [display: string, remark: string, sort: number];
export type Who = Role | 'readOnlyOperator' | 'nobody';
interface Answer {
  statusCode: number;
  json: () => unknown;
  body: string;
}

const USERS: [Who, Role[]][] = [
  ['administrator', ['administrator']],
  ['developer', ['developer']],
  ['operator', ['operator']],
  ['viewer', ['viewer']],
  ['readOnly', ['readOnly']],
  ['readOnlyOperator', ['operator', 'readOnly']],
  ['nobody', []],
];

function insertedId(rows: { id: number }[]): number {
  const row = rows.at(0);
  if (!row) throw new Error('INSERT … RETURNING id returned no row');
  return row.id;
}

export function expect422(response: Answer, field: string, message: string): void {
  expect(response.statusCode, response.body).toBe(422);
  expect(response.json() as FieldError[]).toContainEqual({ field, message });
}

/**
 * A fresh migrated app per describe block, one signed-in user per role, and helpers that build
 * lists straight in the database and call the API as one of those users.
 */
export function useListValuesApp(dialect: Dialect) {
  const ctx = { t: undefined as unknown as TestApp, headers: {} as Partial<Record<Who, Record<string, string>>> };

  beforeAll(async () => {
    ctx.t = await createTestApp(dialect);
    for (const [who, roles] of USERS) ctx.headers[who] = (await signedInUser(ctx.t.app, ctx.t.db, { roles })).headers;
  });
  afterAll(() => ctx.t.close());

  /** A list as the seed writes it; its item ids in insert order. */
  async function makeList(listname: string, items: Item[], locked = false): Promise<{ id: number; items: number[] }> {
    const { db } = ctx.t;
    const list = await sql<{ id: number }>`
      INSERT INTO value_lists (listname, is_locked) VALUES (${listname}, ${locked ? 1 : 0}) RETURNING id`.execute(db);
    const listId = insertedId(list.rows);
    if (items.length === 0) return { id: listId, items: [] };
    const values = items.map(([display, remark, sort]) => sql`(${listId}, ${display}, ${remark}, ${sort})`);
    const rows = await sql<{ id: number }>`
      INSERT INTO value_list_items (list_id, display, remark, sort) VALUES ${sql.join(values)} RETURNING id`.execute(
      db,
    );
    // Ids grow in insert order on both dialects; sorted so the mapping does not rest on RETURNING order.
    return { id: listId, items: rows.rows.map((row) => row.id).sort((a, b) => a - b) };
  }

  const as = (who: Who, method: Method, url: string, payload?: unknown) =>
    ctx.t.app.inject({
      method,
      url,
      headers: ctx.headers[who],
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  async function itemsOf(listname: string): Promise<ListValue[]> {
    const response = await as('viewer', 'GET', `${API}?filter[listname]=${listname}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ items: ListValue[] }>().items;
  }

  return {
    ctx,
    makeList,
    as,
    itemsOf,
    displays: async (listname: string) => (await itemsOf(listname)).map((item) => item.display),
    listNames: async () => (await as('viewer', 'GET', `${API}/list-names`)).json<string[]>(),
  };
}
