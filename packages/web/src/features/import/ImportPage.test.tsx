import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CORE_FORM } from '../../engine/form-screen/test/fixtures';
import { ADMIN, VIEWER, mockApi, shellAnswers, type MockAnswer } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import type { ImportPreview } from './importTypes';

const COLUMNS = [
  { name: 'core', label: 'Core', required: true },
  { name: 'top_depth', label: 'Top Depth', required: false },
  { name: 'comment', label: 'Comment', required: false },
];

function previewOf(mapping: Record<string, string | null> | null, rows: { errors: number }): ImportPreview {
  const chosen = mapping ?? { Core: 'core', 'Top [m]': 'top_depth', Notes: null };
  return {
    form: 'core',
    mode: 'insert',
    sheets: [],
    sheet: null,
    mapping: Object.entries(chosen).map(([header, column]) => ({
      header,
      column,
      matchedBy: mapping ? 'user' : header === 'Core' ? 'name' : header === 'Top [m]' ? 'label' : null,
    })),
    columns: COLUMNS,
    counts: { total: 3, new: 3 - rows.errors, updated: 0, unchanged: 0, errors: rows.errors },
    errors:
      rows.errors > 0
        ? [{ row: 2, column: 'top_depth', header: 'Top [m]', value: 'deep', message: 'Top Depth must be a number.' }]
        : [],
    sample: [],
  };
}

/** The multipart fields a call sent, without the file. */
function fieldsOf(init: RequestInit): Record<string, string> {
  const body = init.body as FormData;
  return Object.fromEntries([...body.entries()].filter(([, value]) => typeof value === 'string')) as Record<
    string,
    string
  >;
}

const sent: Record<string, string>[] = [];

function importAnswers(preview: MockAnswer, commit?: MockAnswer): Record<string, MockAnswer> {
  return {
    ...shellAnswers(ADMIN),
    'GET cg/api/get-form-template': { status: 200, body: CORE_FORM },
    'POST import/preview': preview,
    ...(commit ? { 'POST import/commit': commit } : {}),
  };
}

const csv = (text: string, name = 'cores.csv') => new File([text], name, { type: 'text/csv' });

async function chooseFile(file: File) {
  await userEvent.upload(await screen.findByTestId('file-input'), file);
}

afterEach(() => {
  sent.length = 0;
  localStorage.clear();
});

describe('import screen', { timeout: 45_000 }, () => {
  it('previews the chosen file: its mapping with hints, the counts and each failing field', async () => {
    mockApi(
      importAnswers((init) => {
        sent.push(fieldsOf(init));
        return { status: 200, body: previewOf(null, { errors: 1 }) };
      }),
    );
    renderApp('/forms/core-form/import', { user: ADMIN });
    expect(await screen.findByRole('heading', { name: 'Import into Core' })).toBeTruthy();
    await chooseFile(csv('Core,Top [m],Notes\n1,0.5,a\n2,deep,b\n3,2,c\n'));

    const mapping = await screen.findByRole('table', { name: 'Column mapping' });
    expect(within(mapping).getByText('matched by column name')).toBeTruthy();
    expect(within(mapping).getByText('matched by label')).toBeTruthy();
    expect(within(mapping).getByText('ignored')).toBeTruthy();
    expect(screen.getByLabelText('Errors: 1')).toBeTruthy();
    const errors = screen.getByRole('table', { name: 'Rows with errors' });
    expect(within(errors).getByRole('row', { name: /2 Top Depth deep Top Depth must be a number\./ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Commit 3 rows' })).toHaveProperty('disabled', true);
    expect(sent).toEqual([{ form: 'core', mode: 'insert' }]);
  });

  it('sends the corrected mapping, and keeps it for the corrected file, then commits and links the records', async () => {
    mockApi(
      importAnswers(
        (init) => {
          const fields = fieldsOf(init);
          sent.push(fields);
          const mapping = fields.mapping ? (JSON.parse(fields.mapping) as Record<string, string | null>) : null;
          const fixed = (init.body as FormData).get('file') instanceof File && sent.length > 2;
          return { status: 200, body: previewOf(mapping, { errors: fixed ? 0 : 1 }) };
        },
        () => ({
          status: 200,
          body: { batchId: 'b-7', counts: previewOf(null, { errors: 0 }).counts, filter: 'batch:b-7' },
        }),
      ),
    );
    renderApp('/forms/core-form/import', { user: ADMIN });
    await chooseFile(csv('Core,Top [m],Notes\n1,0.5,a\n2,deep,b\n3,2,c\n'));

    await userEvent.click(await screen.findByRole('combobox', { name: 'Form column for Notes' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Comment (comment)' }));
    expect(screen.getByText('Your changes are not in the preview yet.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(JSON.parse(sent[1]?.mapping ?? '')).toEqual({ Core: 'core', 'Top [m]': 'top_depth', Notes: 'comment' });

    // the corrected file: read automatically, then again with the user's choice for Notes
    await chooseFile(csv('Core,Top [m],Notes\n1,0.5,a\n2,1.5,b\n3,2,c\n', 'cores-fixed.csv'));
    await waitFor(() => expect(sent).toHaveLength(4));
    expect(sent[2]?.mapping).toBeUndefined();
    expect(JSON.parse(sent[3]?.mapping ?? '')).toEqual({ Core: 'core', 'Top [m]': 'top_depth', Notes: 'comment' });
    const commit = await screen.findByRole('button', { name: 'Commit 3 rows' });
    await waitFor(() => expect(commit).toHaveProperty('disabled', false));
    await userEvent.click(commit);

    expect(await screen.findByText('Imported 3 records: 3 new, 0 updated, 0 unchanged.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Show the imported records' }).getAttribute('href')).toBe(
      '/forms/core-form?filter=batch%3Ab-7',
    );
  });

  it('says why a file was refused and keeps the file and the choices', async () => {
    mockApi(
      importAnswers({
        status: 413,
        body: {
          name: 'Payload Too Large',
          message: 'The file is larger than 512 MB.',
          code: 'PAYLOAD_TOO_LARGE',
          status: 413,
        },
      }),
    );
    renderApp('/forms/core-form/import', { user: ADMIN });
    await chooseFile(csv('Core\n1\n', 'huge.csv'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The file is too large');
    expect(alert.textContent).toContain('The file is larger than 512 MB.');
    expect(alert.textContent).toContain('Nothing was written; your file and choices are kept.');
    expect(screen.getByRole('status', { name: 'Chosen file' }).textContent).toContain('huge.csv');
  });

  it('shows the failing rows when the server refuses the commit (422)', async () => {
    const failed = previewOf(null, { errors: 1 });
    mockApi(
      importAnswers(
        { status: 200, body: previewOf(null, { errors: 0 }) },
        {
          status: 422,
          body: { counts: failed.counts, errors: failed.errors },
        },
      ),
    );
    renderApp('/forms/core-form/import', { user: ADMIN });
    await chooseFile(csv('Core,Top [m],Notes\n1,0.5,a\n'));
    const commit = await screen.findByRole('button', { name: 'Commit 3 rows' });
    await waitFor(() => expect(commit).toHaveProperty('disabled', false));
    await userEvent.click(commit);
    expect((await screen.findByRole('alert')).textContent).toContain('Nothing was imported');
    expect(within(screen.getByRole('table', { name: 'Rows with errors' })).getByText('deep')).toBeTruthy();
  });
});

describe('the form toolbar', { timeout: 45_000 }, () => {
  it('offers Import to an administrator and opens the import screen', async () => {
    mockApi({
      ...shellAnswers(ADMIN),
      'GET cg/api/get-form-template': { status: 200, body: CORE_FORM },
      'GET form': {
        status: 200,
        body: { items: [], _meta: { totalCount: 0, pageCount: 0, currentPage: 1, perPage: 20 } },
      },
    });
    renderApp('/forms/core-form', { user: ADMIN });
    await userEvent.click(await screen.findByRole('link', { name: 'Import' }));
    expect(await screen.findByRole('heading', { name: 'Import into Core' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/forms/core-form/import');
  });

  it('offers no Import to a viewer', async () => {
    mockApi({
      ...shellAnswers(VIEWER),
      'GET cg/api/get-form-template': { status: 200, body: CORE_FORM },
      'GET form': {
        status: 200,
        body: { items: [], _meta: { totalCount: 0, pageCount: 0, currentPage: 1, perPage: 20 } },
      },
    });
    renderApp('/forms/core-form', { user: VIEWER });
    expect(await screen.findByRole('toolbar', { name: 'Record actions' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Import' })).toBeNull();
  });
});
