import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { STORAGE_KEYS } from '@mdis/shared';
import { AppProviders, createQueryClient } from '../../../app/providers/AppProviders';
import { ADMIN, fetchedUrls, mockApi, shellAnswers, type MockAnswer } from '../../../test/mockApi';
import type { FormTemplateSummary, TemplateSummary } from '../templateManager.api';
import { ModelFormsPage } from './ModelFormsPage';

vi.mock('../generator/CodeGeneratorDialog', () => ({
  CodeGeneratorDialog: (props: { open: boolean; generatorId: string; templateName: string }) =>
    props.open ? <div role="dialog" aria-label={`${props.generatorId} ${props.templateName}`} /> : null,
}));

const form = (name: string, dataModel: string, extra: Partial<FormTemplateSummary> = {}): FormTemplateSummary => ({
  name,
  dataModel,
  modifiedAt: 1_700_000_000,
  generatedAt: null,
  generatedFiles: [],
  customVueFile: false,
  ...extra,
});

const SUMMARY: TemplateSummary = {
  modules: ['Archive', 'Curation'],
  models: [],
  forms: [
    form('box', 'CurationBox', {
      generatedAt: 1_700_000_100,
      generatedFiles: [
        { path: 'forms/box-form.tsx', modified: false },
        { path: 'forms/box-form.ts', modified: true },
      ],
      customVueFile: true,
    }),
    form('box-small', 'CurationBox', {
      generatedAt: 1_700_000_100,
      generatedFiles: [{ path: 'a.ts', modified: false }],
    }),
    form('hole', 'ProjectHole'),
    form('files', 'ArchiveFile'),
  ],
};

function renderPage(model: string, answers: Record<string, MockAnswer> = {}) {
  const fetchMock = mockApi({
    ...shellAnswers(ADMIN),
    'GET cg/api/summary': { status: 200, body: SUMMARY },
    ...answers,
  });
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(ADMIN));
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  render(
    <MemoryRouter initialEntries={[`/settings/templates-manager/forms/${model}`]}>
      <AppProviders queryClient={queryClient}>
        <Routes>
          <Route path="/settings/templates-manager/forms/:modelFullName" element={<ModelFormsPage />} />
        </Routes>
      </AppProviders>
    </MemoryRouter>,
  );
  return fetchMock;
}

const tile = (name: string) => screen.getByRole('article', { name: `form ${name}` });

afterEach(() => vi.unstubAllGlobals());

describe('ModelFormsPage', () => {
  it('shows a tile per form of the model with times, generation state, files and the React module', async () => {
    renderPage('CurationBox');
    await screen.findByRole('article', { name: 'form box' });
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual([
      'form box',
      'form box-small',
    ]);
    const box = tile('box');
    expect(within(box).getByText(`Modified: ${new Date(1_700_000_000_000).toLocaleString()}`)).toBeTruthy();
    expect(within(box).getByText('Generated files are older than the template')).toBeTruthy();
    expect(within(box).getByText('Specialised React form')).toBeTruthy();
    expect(within(tile('box-small')).getByText(/^Generated /)).toBeTruthy();
    expect(within(box).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(
      '/settings/templates-manager/forms/CurationBox/update/box',
    );
    expect(screen.getByRole('link', { name: 'New form' }).getAttribute('href')).toBe(
      '/settings/templates-manager/forms/CurationBox/new',
    );
    await userEvent.click(within(box).getByRole('button', { name: 'Generate' }));
    expect(await screen.findByRole('dialog', { name: 'dis-form box' })).toBeTruthy();
  });

  it('a model without forms says what a form is for and offers to create the first one (issue 24, the look)', async () => {
    renderPage('CurationSlot');
    const empty = (await screen.findByText('No forms for this model yet.')).parentElement;
    if (!empty) throw new Error('no empty state');
    const create = within(empty).getByRole('link', { name: 'Create the first form' });
    expect(create.getAttribute('href')).toBe('/settings/templates-manager/forms/CurationSlot/new');
  });

  it('neither creates, duplicates, renames nor deletes forms of ArchiveFile', async () => {
    renderPage('ArchiveFile');
    const files = await screen.findByRole('article', { name: 'form files' });
    expect(within(files).getByRole('button', { name: 'Delete' })).toHaveProperty('disabled', true);
    expect(within(files).getByRole('button', { name: 'Rename' })).toHaveProperty('disabled', true);
    expect(within(files).getByRole('button', { name: 'Duplicate' })).toHaveProperty('disabled', true);
    expect(within(files).getByRole('link', { name: 'Edit' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New form' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('deletes after confirmation and tells why a delete failed', async () => {
    let status = 409;
    const fetchMock = renderPage('CurationBox', {
      'DELETE cg/api/delete-form': () =>
        status === 204 ? { status } : { status, body: { name: 'Conflict', message: 'in use', code: 0, status } },
    });
    await screen.findByRole('article', { name: 'form box' });
    await userEvent.click(within(tile('box')).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('unable to delete: in use')).toBeTruthy();
    // The page behind a closing dialog is aria-hidden: wait until it is gone.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    status = 204;
    await userEvent.click(within(tile('box')).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('form was deleted successfully')).toBeTruthy();
    expect(fetchedUrls(fetchMock)).toContain('cg/api/delete-form?name=box');
  });

  it('duplicates under a kebab-case name, refuses an empty one and shows the failure message', async () => {
    let status = 500;
    const fetchMock = renderPage('CurationBox', {
      'POST cg/api/duplicate': () => (status === 201 ? { status, body: {} } : { status, body: { message: 'x' } }),
    });
    await screen.findByRole('article', { name: 'form box' });
    await userEvent.click(within(tile('box')).getByRole('button', { name: 'Duplicate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Duplicate box' });
    await userEvent.type(within(dialog).getByLabelText('New name'), ' - ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Duplicate' }));
    expect(within(dialog).getByText('Name of new form is invalid')).toBeTruthy();
    await userEvent.clear(within(dialog).getByLabelText('New name'));
    await userEvent.type(within(dialog).getByLabelText('New name'), 'Big Box');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Duplicate' }));
    expect(await within(dialog).findByText('error: cannot create form duplicate big-box.')).toBeTruthy();
    status = 201;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Duplicate' }));
    expect(await screen.findByText('form was duplicated successfully')).toBeTruthy();
    expect(fetchedUrls(fetchMock)).toContain('cg/api/duplicate?type=form&oldName=box&newName=big-box');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }, 20_000);

  it('renames a form', async () => {
    const fetchMock = renderPage('CurationBox', { 'POST cg/api/rename-form': { status: 200, body: {} } });
    await screen.findByRole('article', { name: 'form box' });
    await userEvent.click(within(tile('box-small')).getByRole('button', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename box-small' });
    await userEvent.type(within(dialog).getByLabelText('New name'), 'tiny box');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await screen.findByText('form was renamed successfully')).toBeTruthy();
    expect(fetchedUrls(fetchMock)).toContain('cg/api/rename-form?name=box-small&newName=tiny-box');
  });
});
