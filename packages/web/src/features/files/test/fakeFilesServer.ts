import { vi } from 'vitest';
import type { AuthUser, ListValue } from '@mdis/shared';
import { requestUrl, shellAnswers } from '../../../test/mockApi';

type Row = Record<string, unknown> & { id: number };
type Answer = { status: number; body?: unknown };

const fileType = (id: number, display: string, remark: string): ListValue => ({
  id,
  list_id: 28,
  listname: 'UPLOAD_FILE_TYPE',
  display,
  remark,
  uri: null,
  sort: id,
});

export const FILE_TYPES = [
  fileType(1, 'CS', 'core-scans'),
  fileType(2, 'PH', 'photos'),
  fileType(3, 'UN', 'unassigned'),
];

/** update-select-values by name and value, as the server answers them. */
const SELECT_VALUES: Record<string, unknown> = {
  '': { expedition: [{ value: 1, text: '5065' }], person: [{ value: 5, text: 'AM' }] },
  'expedition=1': { site: [{ value: 2, text: '1' }], sampleRequest: [] },
  'site=2': { hole: [{ value: 3, text: 'A' }] },
  'hole=3': {
    core: [
      { value: 4, text: '1' },
      { value: 6, text: '2' },
    ],
  },
  'core=4': { section: [] },
};

/**
 * The files API in memory, for the upload page and the files form: fetch answers by path and
 * query; `uploaded` is the 'File Upload' area, `bodies` what was posted.
 */
export function fakeFilesServer(user: AuthUser) {
  const state = { uploaded: [] as Row[], bodies: [] as { path: string; body: unknown }[] };
  const shell = shellAnswers(user);
  const answer = (method: string, path: string, query: URLSearchParams, init: RequestInit): Answer => {
    const key = `${method} ${path}`;
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    if (body !== undefined) state.bodies.push({ path: key, body });
    if (key === 'GET list-values') return { status: 200, body: { items: FILE_TYPES, _meta: { totalCount: 3 } } };
    if (key === 'GET file') return { status: 200, body: { items: state.uploaded, _meta: {} } };
    if (key === 'GET file/update-select-values') {
      const name = query.get('name') ?? '';
      const found = SELECT_VALUES[name === '' ? '' : `${name}=${query.get('value') ?? ''}`];
      return found ? { status: 200, body: found } : { status: 400, body: { message: 'unknown select' } };
    }
    if (key === 'POST file/delete') {
      const ids = (body as { ids: number[] }).ids;
      state.uploaded = state.uploaded.filter((row) => !ids.includes(row.id));
      return { status: 200, body: { deleted: ids } };
    }
    if (key === 'POST file/assign') {
      const ids = (body as { ids: number[] }).ids;
      state.uploaded = state.uploaded.filter((row) => !ids.includes(row.id));
      return { status: 200, body: { items: [] } };
    }
    const shellAnswer = shell[key] as (typeof shell)[string] | undefined;
    if (shellAnswer && typeof shellAnswer !== 'function') return shellAnswer;
    return { status: 404, body: { message: `no fake for ${key}` } };
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const [path = '', search = ''] = requestUrl(input)
      .replace(/^api\/v1\//, '')
      .split('?');
    const { status, body } = answer(init.method ?? 'GET', path, new URLSearchParams(search), init);
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { state, fetchMock };
}

export const uploadedRow = (id: number, name: string): Row => ({
  id,
  type: 'UN',
  filename: name,
  original_filename: name,
  filesize: 2048,
  upload_date: '2026-11-23 10:00:00',
  parent_combined_id: null,
});
