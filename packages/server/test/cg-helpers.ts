import type { Dialect } from '../src/infra/db/dialect';
import { seedDrillingModel } from '../src/seed/drilling-model';
import { signedInUser } from './helpers/factories';
import { createTestApp, type TestApp } from './helpers/test-app';

export const CG = '/cg/api';

export interface CgTestApp extends TestApp {
  developer: Record<string, string>;
  operator: Record<string, string>;
  viewer: Record<string, string>;
  call(method: string, url: string, payload?: unknown, headers?: Record<string, string>): Promise<CgAnswer>;
}

export interface CgAnswer {
  status: number;
  body: unknown;
  headers: Record<string, unknown>;
  raw: Buffer;
}

/** An app on a fresh database with the drilling model (templates, tables, lists) and three users. */
export async function createCgApp(dialect: Dialect): Promise<CgTestApp> {
  const t = await createTestApp(dialect);
  await seedDrillingModel(t.db, dialect);
  const developer = (await signedInUser(t.app, t.db, { roles: ['developer'] })).headers;
  const operator = (await signedInUser(t.app, t.db, { roles: ['operator'] })).headers;
  const viewer = (await signedInUser(t.app, t.db, { roles: ['viewer'] })).headers;
  const call = async (method: string, url: string, payload?: unknown, headers = developer): Promise<CgAnswer> => {
    const response = await t.app.inject({
      method: method as 'GET',
      url: url.startsWith('/') ? url : `${CG}/${url}`,
      headers,
      ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
    });
    const type = String(response.headers['content-type'] ?? '');
    const body: unknown = type.includes('json') && response.body !== '' ? response.json() : response.body;
    return { status: response.statusCode, body, headers: response.headers, raw: response.rawPayload };
  };
  return { ...t, developer, operator, viewer, call };
}

/** A model template as the editor sends it for a new model: Curation `Box` under ProjectHole. */
export function boxModel(name = 'Box', extra: Record<string, unknown> = {}) {
  return {
    module: 'Curation',
    name,
    parentModel: 'ProjectHole',
    table: '',
    fullName: '',
    columns: {
      box: { name: 'box', type: 'string', size: 20, required: true, label: 'Box' },
      weight: { name: 'weight', type: 'double', label: 'Weight', unit: 'kg' },
    },
    indices: { box: { name: 'box', type: 'UNIQUE', columns: ['hole_id', 'box'] } },
    relations: {},
    behaviors: [],
    ...extra,
  };
}

type Rec = Record<string, unknown>;
export const asRecord = (value: unknown) => value as Rec;
