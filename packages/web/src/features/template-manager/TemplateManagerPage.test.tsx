import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { STORAGE_KEYS } from '@mdis/shared';
import { AppProviders, createQueryClient } from '../../app/providers/AppProviders';
import { ADMIN, fetchedUrls, mockApi, requestUrl, shellAnswers, type MockAnswer } from '../../test/mockApi';
import { TemplateManagerPage } from './TemplateManagerPage';
import type { ModelSummary, TemplateSummary } from './templateManager.api';

const model = (module: string, name: string, extra: Partial<ModelSummary> = {}): ModelSummary => ({
  name,
  fullName: `${module}${name}`,
  module,
  table: `${module.toLowerCase()}_${name.toLowerCase()}`,
  parentModel: null,
  createdAt: 1_700_000_000,
  modifiedAt: 1_700_000_000,
  generatedAt: null,
  isTableCreated: true,
  tableGenerationTimestamp: 1_700_000_100,
  generatedFiles: [],
  ...extra,
});

const SUMMARY: TemplateSummary = {
  modules: ['Archive', 'Core', 'Project'],
  models: [
    // As seeded: module Archive, name File; the protected model is known by its full name.
    model('Archive', 'File'),
    model('Core', 'Core', {
      isTableCreated: false,
      tableGenerationTimestamp: null,
      generatedFiles: [
        { path: 'models/CoreCore.ts', modified: true },
        { path: 'models/CoreCore.sql', modified: false },
      ],
    }),
    model('Core', 'Section'),
    model('Project', 'Expedition'),
  ],
};

function renderPage(answers: Record<string, MockAnswer> = {}) {
  const fetchMock = mockApi({
    ...shellAnswers(ADMIN),
    'GET cg/api/summary': { status: 200, body: SUMMARY },
    ...answers,
  });
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(ADMIN));
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  render(
    <MemoryRouter initialEntries={['/settings/templates-manager']}>
      <AppProviders queryClient={queryClient}>
        <TemplateManagerPage />
      </AppProviders>
    </MemoryRouter>,
  );
  return fetchMock;
}

const cards = () => screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent);
const card = (fullName: string) => screen.getByRole('article', { name: `model ${fullName}` });

afterEach(() => localStorage.clear());

describe('TemplateManagerPage', () => {
  it('shows one card per model with its names, table state and generated files', async () => {
    renderPage();
    await screen.findByRole('article', { name: 'model CoreCore' });
    expect(cards()).toEqual(['File', 'Core', 'Section', 'Expedition']);
    const core = card('CoreCore');
    expect(within(core).getByText('Table core_core is not created')).toBeTruthy();
    expect(within(card('CoreSection')).getByText(/^Table core_section exists since /)).toBeTruthy();
    await userEvent.click(within(core).getByRole('button', { name: '2 generated files, 1 older than the template' }));
    const list = await screen.findByRole('list', { name: 'generated files of CoreCore' });
    expect(within(list).getByText('models/CoreCore.ts').nextSibling?.textContent).toBe('older than the template');
    expect(within(list).getByText('models/CoreCore.sql').nextSibling?.textContent).toBe('up to date');
  });

  it('filters by name without regard to case and by module', async () => {
    renderPage();
    const filter = await screen.findByLabelText('Filter by name');
    await userEvent.type(filter, 'SEC');
    expect(cards()).toEqual(['Section']);
    await userEvent.clear(filter);
    await userEvent.click(screen.getByRole('combobox', { name: 'Module' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Core' }));
    await waitFor(() => expect(cards()).toEqual(['Core', 'Section']));
  });

  it('a filter that finds nothing says so and clears itself with one click (issue 24, the look)', async () => {
    renderPage();
    const filter = await screen.findByLabelText('Filter by name');
    fireEvent.change(filter, { target: { value: 'nothing like it' } });
    expect(screen.queryAllByRole('article')).toEqual([]);
    const empty = screen.getByText('No model templates match.').parentElement;
    if (!empty) throw new Error('no empty state');
    await userEvent.click(within(empty).getByRole('button', { name: 'Clear the filter' }));
    expect(cards()).toEqual(['File', 'Core', 'Section', 'Expedition']);
    expect((filter as HTMLInputElement).value).toBe('');
  }, 15_000);

  it('disables delete for ArchiveFile only', async () => {
    renderPage();
    await screen.findByRole('article', { name: 'model ArchiveFile' });
    const deleteOf = (fullName: string) => within(card(fullName)).getByRole('button', { name: 'Delete' });
    expect(deleteOf('ArchiveFile')).toHaveProperty('disabled', true);
    expect(deleteOf('CoreSection')).toHaveProperty('disabled', false);
  });

  it('links Edit to the model editor and offers manage forms only when the generated files are up to date', async () => {
    renderPage();
    await screen.findByRole('article', { name: 'model CoreSection' });
    const edit = within(card('CoreSection')).getByRole('link', { name: 'Edit' });
    expect(edit.getAttribute('href')).toBe('/settings/templates-manager/data-models/update/CoreSection');
    const forms = within(card('CoreSection')).getByRole('link', { name: 'Manage forms' });
    expect(forms.getAttribute('href')).toBe('/settings/templates-manager/forms/CoreSection');
    expect(forms.getAttribute('aria-disabled')).toBeNull();
    // CoreCore has a generated file older than the template
    const stale = within(card('CoreCore')).getByRole('link', { name: 'Manage forms' });
    expect(stale.getAttribute('aria-disabled')).toBe('true');
  });

  it('creates a model in the module picked', async () => {
    renderPage();
    await screen.findByRole('article', { name: 'model CoreSection' });
    const create = screen.getByRole('link', { name: 'Create model' });
    expect(create.getAttribute('href')).toBe('/settings/templates-manager/data-models/new/Archive');
    await userEvent.click(screen.getByRole('combobox', { name: 'Module of the new model' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Project' }));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Create model' }).getAttribute('href')).toBe(
        '/settings/templates-manager/data-models/new/Project',
      ),
    );
  });

  it('deletes a model after confirmation and reloads the summary', async () => {
    const fetchMock = renderPage({ 'DELETE cg/api/delete-model': { status: 204 } });
    await screen.findByRole('article', { name: 'model CoreSection' });
    await userEvent.click(within(card('CoreSection')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete the model template CoreSection?')).toBeTruthy();
    expect(fetchedUrls(fetchMock).some((url) => url.includes('delete-model'))).toBe(false);
    const button = within(dialog).getByRole('button', { name: 'Delete' });
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    await userEvent.click(button);
    expect(await screen.findByText('deleted successfully')).toBeTruthy();
    const call = fetchMock.mock.calls.find((c) => requestUrl(c[0] as RequestInfo).includes('delete-model'));
    expect(call?.[0]).toBe('cg/api/delete-model?name=CoreSection');
    expect((call?.[1] as RequestInit).method).toBe('DELETE');
    await waitFor(() => expect(fetchedUrls(fetchMock).filter((u) => u === 'cg/api/summary').length).toBe(2));
  });

  it('lists the m:n relations a delete removes and deletes with them after confirmation', async () => {
    const nm = (name: string, relatedTable: string) => ({ name, relationType: 'nm', relatedTable });
    const relations = {
      core_section__project_expedition__nm: nm('core_section__project_expedition__nm', 'project_expedition'),
      core_section__core_core__parent: { name: 'core_section__core_core__parent', relationType: 'parent' },
    };
    const fetchMock = renderPage({
      'GET cg/api/get-model-template': {
        status: 200,
        body: { fullName: 'CoreSection', table: 'core_section', relations },
      },
      'DELETE cg/api/delete-model': { status: 204 },
    });
    await screen.findByRole('article', { name: 'model CoreSection' });
    await userEvent.click(within(card('CoreSection')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    const list = await within(dialog).findByRole('list', { name: 'relations of CoreSection' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['core_section__project_expedition__nmwith ProjectExpedition']);
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete with its relations' }));
    expect(await screen.findByText('deleted successfully')).toBeTruthy();
    const call = fetchMock.mock.calls.find((c) => requestUrl(c[0] as RequestInfo).includes('delete-model'));
    expect(call?.[0]).toBe('cg/api/delete-model?name=CoreSection&removeRelations=1');
  });

  it('duplicates a model under the name asked for', async () => {
    const fetchMock = renderPage({ 'POST cg/api/duplicate': { status: 201, body: {} } });
    await screen.findByRole('article', { name: 'model CoreSection' });
    await userEvent.click(within(card('CoreSection')).getByRole('button', { name: 'Duplicate' }));
    const name = await screen.findByLabelText('New name');
    expect((name as HTMLInputElement).value).toBe('CoreSectionCopy');
    await userEvent.clear(name);
    await userEvent.type(name, 'CoreHalf');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Duplicate' }));
    expect(await screen.findByText('template was duplicated successfully')).toBeTruthy();
    expect(fetchedUrls(fetchMock)).toContain('cg/api/duplicate?type=model&oldName=CoreSection&newName=CoreHalf');
  });

  it("shows the server's 422 messages when an upload is refused", async () => {
    const fetchMock = renderPage({
      'POST cg/api/upload': {
        status: 422,
        body: [{ field: 'name', message: 'model name CoreSection already exists' }],
      },
    });
    await screen.findByRole('article', { name: 'model CoreSection' });
    const file = new File(['{"name":"Section"}'], 'CoreSection.json', { type: 'application/json' });
    await userEvent.upload(screen.getByLabelText('template file'), file);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Upload' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Validation Error');
    expect(alert.textContent).toContain('name: model name CoreSection already exists');
    const init = fetchMock.mock.calls.find(
      (c) => requestUrl(c[0] as RequestInfo) === 'cg/api/upload',
    )?.[1] as RequestInit;
    expect((init.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('asks before uploading, and offers to overwrite a template that exists', async () => {
    const fetchMock = renderPage({
      'POST cg/api/upload': {
        status: 422,
        body: [{ field: 'file', message: 'model name CoreSection already exists', kind: 'exists' }],
      },
    });
    const uploads = () => fetchedUrls(fetchMock).filter((url) => url.startsWith('cg/api/upload'));
    await screen.findByRole('article', { name: 'model CoreSection' });
    const file = new File(['{"name":"Section"}'], 'CoreSection.json', { type: 'application/json' });
    await userEvent.upload(screen.getByLabelText('template file'), file);
    const confirm = await screen.findByRole('dialog', { name: 'Upload a template' });
    expect(within(confirm).getByText('Upload CoreSection.json into the template manager?')).toBeTruthy();
    expect(uploads()).toEqual([]); // nothing starts before the confirmation
    await userEvent.click(within(confirm).getByRole('button', { name: 'Upload' }));

    const overwrite = await screen.findByRole('dialog', { name: 'Overwrite existing templates?' });
    expect(within(overwrite).getByText(/model name CoreSection already exists/)).toBeTruthy();
    await userEvent.click(within(overwrite).getByRole('button', { name: 'Overwrite' }));
    await waitFor(() => expect(uploads()).toEqual(['cg/api/upload', 'cg/api/upload?overwrite=1']));
  });
});
