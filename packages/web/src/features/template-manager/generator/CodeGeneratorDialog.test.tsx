import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { STORAGE_KEYS } from '@mdis/shared';
import { AppProviders, createQueryClient } from '../../../app/providers/AppProviders';
import { ADMIN, fetchedUrls, mockApi, sentBodies, shellAnswers, type MockAnswer } from '../../../test/mockApi';
import type { PlannedFile } from '../templateManager.api';
import { CodeGeneratorDialog, type CodeGeneratorDialogProps } from './CodeGeneratorDialog';

const file = (id: string, path: string, operation: PlannedFile['operation']): PlannedFile => ({ id, path, operation });
const SQL = file('a1', 'models/CurationBox.sqlite.sql', 'create');
const MODULE = file('b2', 'models/CurationBox.ts', 'overwrite');
const HOOKS = file('c3', 'hooks/CurationBox.hooks.mjs', 'skip');
const DIFF = [
  '--- models/CurationBox.ts\t(on disk)',
  '+++ models/CurationBox.ts\t(generated)',
  '@@ -1,2 +1,3 @@',
  ' export interface CurationBoxRow {',
  '-  old?: string;',
  '+  note?: string | null;',
  '+  weight?: number;',
  '',
].join('\n');
const RESULTS = [' generated models/CurationBox.sqlite.sql', ' overwrote models/CurationBox.ts'].join('\n');

/** `view` answers the plan, or with `generate` the results. */
function viewAnswer(files: PlannedFile[], results = { hasError: false, results: RESULTS }): MockAnswer {
  return (init) => {
    const body = JSON.parse(init.body as string) as { generate?: boolean };
    return { status: 200, body: body.generate ? results : { files, answers: {} } };
  };
}

function renderDialog(answers: Record<string, MockAnswer>, props: Partial<CodeGeneratorDialogProps> = {}) {
  const fetchMock = mockApi({ ...shellAnswers(ADMIN), ...answers });
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(ADMIN));
  const queryClient = createQueryClient();
  const handlers = { onLog: vi.fn(), onGenerated: vi.fn(), onClose: vi.fn() };
  render(
    <MemoryRouter>
      <AppProviders queryClient={queryClient}>
        <CodeGeneratorDialog open generatorId="dis-model" templateName="CurationBox" {...handlers} {...props} />
      </AppProviders>
    </MemoryRouter>,
  );
  return { fetchMock, ...handlers };
}

const dialog = () => screen.getByRole('dialog', { name: 'Code generator: CurationBox' });
const row = (path: string) => screen.getByRole('cell', { name: path }).closest('tr') as HTMLElement;
const checkbox = (path: string) => screen.getByRole<HTMLInputElement>('checkbox', { name: `write ${path}` });
const generateCalls = (fetchMock: ReturnType<typeof mockApi>) =>
  sentBodies(fetchMock, 'cg/api/view').filter((b) => (b as { generate?: boolean }).generate);

afterEach(() => localStorage.clear());

describe('CodeGeneratorDialog', () => {
  it('lists the files with their operation: skip unchecked and disabled, diff only for overwrite', async () => {
    const { fetchMock } = renderDialog({ 'POST cg/api/view': viewAnswer([SQL, MODULE, HOOKS]) });
    await screen.findByRole('table', { name: 'files to generate' });
    expect(fetchedUrls(fetchMock)).toContain('cg/api/view?id=dis-model');
    expect(sentBodies(fetchMock, 'cg/api/view')).toEqual([{ Generator: { templateName: 'CurationBox' } }]);
    expect(within(row(SQL.path)).getByText('create')).toBeTruthy();
    expect(within(row(MODULE.path)).getByText('overwrite')).toBeTruthy();
    expect(within(row(HOOKS.path)).getByText('skip')).toBeTruthy();
    expect([checkbox(SQL.path).checked, checkbox(MODULE.path).checked, checkbox(HOOKS.path).checked]).toEqual([
      true,
      true,
      false,
    ]);
    expect(checkbox(HOOKS.path).disabled).toBe(true);
    expect(checkbox(SQL.path).disabled).toBe(false);
    for (const f of [SQL, MODULE, HOOKS])
      expect(screen.getByRole<HTMLButtonElement>('button', { name: `Content of ${f.path}` }).disabled).toBe(false);
    const diffEnabled = [SQL, MODULE, HOOKS].map(
      (f) => !screen.getByRole<HTMLButtonElement>('button', { name: `diff of ${f.path}` }).disabled,
    );
    expect(diffEnabled).toEqual([false, true, false]);
    expect(getComputedStyle(dialog()).width).toBe('600px');
  });

  it('shows the content of a file and the diff of an overwrite', async () => {
    const { fetchMock } = renderDialog({
      'POST cg/api/view': viewAnswer([SQL, MODULE, HOOKS]),
      'POST cg/api/preview': { status: 200, body: 'create table "curation_box" ();' },
      'POST cg/api/diff': { status: 200, body: DIFF },
    });
    await userEvent.click(await screen.findByRole('button', { name: `Content of ${SQL.path}` }));
    const content = await screen.findByRole('dialog', { name: `Content: ${SQL.path}` });
    expect(await within(content).findByText('create table "curation_box" ();')).toBeTruthy();
    expect(fetchedUrls(fetchMock)).toContain('cg/api/preview?id=dis-model&file=a1');
    expect(getComputedStyle(content).width).toBe('760px');
    await userEvent.click(within(content).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: `Content: ${SQL.path}` })).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: `diff of ${MODULE.path}` }));
    const diff = await screen.findByRole('dialog', { name: `diff: ${MODULE.path}` });
    expect(fetchedUrls(fetchMock)).toContain('cg/api/diff?id=dis-model&file=b2');
    expect(getComputedStyle(diff).width).toBe('920px');
    const lines = await within(diff).findByLabelText('diff');
    const kinds = [...lines.children].map((line) => [line.getAttribute('data-kind'), line.textContent]);
    expect(kinds).toEqual([
      ['header', '--- models/CurationBox.ts\t(on disk)'],
      ['header', '+++ models/CurationBox.ts\t(generated)'],
      ['hunk', '@@ -1,2 +1,3 @@'],
      ['context', ' export interface CurationBoxRow {'],
      ['removed', '-  old?: string;'],
      ['added', '+  note?: string | null;'],
      ['added', '+  weight?: number;'],
    ]);
  });

  it('generates the checked files and shows the results', async () => {
    const { fetchMock, onGenerated, onLog } = renderDialog({ 'POST cg/api/view': viewAnswer([SQL, MODULE, HOOKS]) });
    await userEvent.click(await screen.findByRole('checkbox', { name: `write ${MODULE.path}` }));
    expect(checkbox(MODULE.path).checked).toBe(false);
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Generate' }));
    const alert = await within(dialog()).findByRole('alert');
    expect(within(alert).getByText('Files generated')).toBeTruthy();
    expect(alert.textContent).toContain('generated models/CurationBox.sqlite.sql');
    expect(generateCalls(fetchMock)).toEqual([
      {
        Generator: { templateName: 'CurationBox' },
        generate: true,
        answers: { a1: true, b2: false, c3: false },
      },
    ]);
    expect(onGenerated).toHaveBeenCalledTimes(1);
    expect(onLog.mock.calls.map((c) => c[0] as string)).toEqual([
      '3 files of CurationBox: 1 to create, 1 to overwrite, 1 to skip',
      'Generating 1 files of CurationBox',
      'Generated the files of CurationBox',
    ]);
  });

  it('Save & Generate: writes at once when no file would be overwritten', async () => {
    const { fetchMock, onGenerated, onLog } = renderDialog(
      { 'POST cg/api/view': viewAnswer([SQL, HOOKS]) },
      { autoGenerate: true },
    );
    expect(await within(await screen.findByRole('alert')).findByText('Files generated')).toBeTruthy();
    expect(generateCalls(fetchMock)).toEqual([
      { Generator: { templateName: 'CurationBox' }, generate: true, answers: { a1: true, c3: false } },
    ]);
    expect(onGenerated).toHaveBeenCalledTimes(1);
    expect(onLog).toHaveBeenCalledWith('Generating 1 files of CurationBox');
  });

  it('Save & Generate: stops for the choice of files when one would be overwritten', async () => {
    const { fetchMock, onGenerated, onLog } = renderDialog(
      { 'POST cg/api/view': viewAnswer([SQL, MODULE, HOOKS]) },
      { autoGenerate: true },
    );
    expect(
      await screen.findByText('Some files would be overwritten: choose the files to write, then Generate.'),
    ).toBeTruthy();
    expect(onLog).toHaveBeenCalledWith('Files would be overwritten: waiting for the choice of files');
    expect(generateCalls(fetchMock)).toEqual([]);
    expect(onGenerated).not.toHaveBeenCalled();
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Generate' }));
    await within(dialog()).findByText('Files generated');
    expect(generateCalls(fetchMock)).toHaveLength(1);
    expect(screen.queryByText(/Some files would be overwritten/)).toBeNull();
  });

  it('shows a failed generation as an error alert and does not report it generated', async () => {
    const failed = { hasError: true, results: 'EACCES: permission denied, open models/CurationBox.ts' };
    const { onGenerated } = renderDialog({ 'POST cg/api/view': viewAnswer([SQL], failed) }, { autoGenerate: true });
    const alert = await screen.findByRole('alert');
    expect(await within(alert).findByText('Generation failed')).toBeTruthy();
    expect(alert.textContent).toContain('EACCES: permission denied');
    expect(onGenerated).not.toHaveBeenCalled();
  });

  it('shows a 422 of the server as its field messages, in the dialog and as a warning', async () => {
    const { onLog } = renderDialog({
      'POST cg/api/view': { status: 422, body: [{ field: 'templateName', message: 'Template name cannot be blank.' }] },
    });
    const expected = 'Validation Error\ntemplateName: Template name cannot be blank.';
    await waitFor(() => expect(onLog).toHaveBeenCalledWith(expected));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(
      expect.arrayContaining([expect.stringContaining('templateName: Template name cannot be blank.')]),
    );
    expect(within(dialog()).getByRole<HTMLButtonElement>('button', { name: 'Generate' }).disabled).toBe(true);
  });
});
