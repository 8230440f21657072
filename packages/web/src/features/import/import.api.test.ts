import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../platform/api/ApiError';
import { ImportRowsFailed, importApi } from './import.api';
import type { ImportProgress, ImportRequest } from './importTypes';

const REQUEST: ImportRequest = {
  form: 'core',
  file: new File(['Core\n1\n'], 'cores.csv'),
  sheet: null,
  mode: 'upsert',
  mapping: { Core: 'core' },
};
const COUNTS = { total: 2, new: 1, updated: 1, unchanged: 0, errors: 0 };

/** fetch answering a commit with these server-sent events, as the server streams them. */
function streamEvents(events: [string, unknown][]) {
  const text = events.map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`).join('');
  const fetchMock = vi.fn(
    async () => new Response(text, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('the import API client', () => {
  it('sends the choices and the file as multipart, asks for events, reports progress and returns the result', async () => {
    const fetchMock = streamEvents([
      ['progress', { done: 0, total: 2 }],
      ['progress', { done: 2, total: 2 }],
      ['result', { status: 200, batchId: 'b1', counts: COUNTS, filter: 'batch:b1' }],
    ]);
    const progress: ImportProgress[] = [];
    const result = await importApi.commit(REQUEST, 'token-1', (p) => progress.push(p));

    expect(result).toMatchObject({ batchId: 'b1', counts: COUNTS, filter: 'batch:b1' });
    expect(progress).toEqual([
      { done: 0, total: 2 },
      { done: 2, total: 2 },
    ]);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('api/v1/import/commit');
    expect(init.headers).toMatchObject({ Accept: 'text/event-stream', Authorization: 'Bearer token-1' });
    const body = init.body as FormData;
    expect(
      Object.fromEntries(
        [...body.entries()].map(([key, value]) => [key, typeof value === 'string' ? value : value.name]),
      ),
    ).toEqual({
      form: 'core',
      mode: 'upsert',
      mapping: '{"Core":"core"}',
      file: 'cores.csv',
    });
  });

  it('turns a streamed 422 into the failing rows, and a streamed error into its message', async () => {
    const errors = [{ row: 1, column: 'core', header: 'Core', value: 'x', message: 'Core Number must be an integer.' }];
    streamEvents([['result', { status: 422, counts: { ...COUNTS, errors: 1 }, errors }]]);
    const failed = await importApi.commit(REQUEST, null, () => undefined).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(ImportRowsFailed);
    expect((failed as ImportRowsFailed).errors).toEqual(errors);

    streamEvents([
      ['error', { name: 'Error', message: 'The sheet "Nope" is not in the workbook.', code: 0, status: 400 }],
    ]);
    const refused = await importApi.commit(REQUEST, null, () => undefined).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).message).toBe('The sheet "Nope" is not in the workbook.');
    expect((refused as ApiError).status).toBe(400);
  });
});
