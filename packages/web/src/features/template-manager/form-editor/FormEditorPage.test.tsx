import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { STORAGE_KEYS } from '@mdis/shared';
import { AppProviders, createQueryClient } from '../../../app/providers/AppProviders';
import { ADMIN, fetchedUrls, mockApi, sentBodies, shellAnswers, type MockAnswer } from '../../../test/mockApi';
import { FormEditorPage } from './FormEditorPage';
import { BOX_MODEL, BOX_SEED, SUMMARY } from './testData';

// The generator dialog belongs to another area: a stand-in that reports a finished generation.
vi.mock('../generator/CodeGeneratorDialog', () => ({
  CodeGeneratorDialog: (props: { open: boolean; templateName: string; onGenerated?: () => void }) =>
    props.open ? (
      <div role="dialog" aria-label="Code generator">
        generating {props.templateName}
        <button onClick={props.onGenerated}>finish</button>
      </div>
    ) : null,
}));

type Rec = Record<string, unknown>;
const BASE = '/settings/templates-manager/forms';

function renderEditor(path: string, answers: Record<string, MockAnswer> = {}) {
  let stored: Rec = { name: 'box', dataModel: 'CurationBox', fields: [BOX_SEED.initialTemplate.fields[0]] };
  const fetchMock = mockApi({
    ...shellAnswers(ADMIN),
    'GET cg/api/summary': { status: 200, body: SUMMARY },
    'GET cg/api/get-form-template-seed': { status: 200, body: BOX_SEED },
    'GET cg/api/get-model-template': { status: 200, body: BOX_MODEL },
    'GET list-values/list-names': { status: 200, body: ['colour'] },
    'GET cg/api/get-form-template': () => ({ status: 200, body: stored }),
    'POST cg/api/create-form': (init) => {
      stored = { ...((JSON.parse(init.body as string) as Rec).template as Rec), subForms: {}, supForms: {} };
      return { status: 201, body: stored };
    },
    'PUT cg/api/update-form': (init) => ({ status: 200, body: (JSON.parse(init.body as string) as Rec).template }),
    ...answers,
  });
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(ADMIN));
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppProviders queryClient={queryClient}>
        <Routes>
          <Route path={`${BASE}/:modelFullName/new`} element={<FormEditorPage scenario="create" />} />
          <Route path={`${BASE}/:modelFullName/update/:formName`} element={<FormEditorPage scenario="update" />} />
        </Routes>
      </AppProviders>
    </MemoryRouter>,
  );
  return fetchMock;
}

const group = (n: number) => screen.getByRole('region', { name: `Group ${String(n)}` });
const itemsOf = (list: HTMLElement) =>
  within(list)
    .queryAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label'));
const palette = () => screen.getByRole('list', { name: 'Available fields' });

async function addToGroup(field: string, groupTitle: RegExp) {
  await userEvent.click(within(palette()).getByRole('button', { name: `Add ${field} to a group` }));
  await userEvent.click(await screen.findByRole('menuitem', { name: groupTitle }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('FormEditorPage', () => {
  it('creates a form with two groups, then opens it for update', async () => {
    const fetchMock = renderEditor(`${BASE}/CurationBox/new`);
    const name = await screen.findByLabelText(/Form name/);
    expect(screen.getByLabelText('Data model')).toHaveProperty('value', 'CurationBox');
    expect(screen.getByRole('button', { name: 'Save & Generate' })).toHaveProperty('disabled', true);
    // The database-required field is placed and cannot leave the form.
    expect(itemsOf(within(group(1)).getByRole('list'))).toEqual(['box']);
    expect(within(group(1)).queryByRole('button', { name: 'Remove box' })).toBeNull();
    expect(itemsOf(palette())).toEqual(['slot', 'note', 'colour']);

    await userEvent.type(name, 'Curation Box');
    await userEvent.tab();
    expect(name).toHaveProperty('value', 'curation-box');
    await addToGroup('slot', /^Group 1/);
    await userEvent.click(screen.getByRole('button', { name: 'Add group' }));
    await addToGroup('note', /^Group 2/);
    expect(itemsOf(within(group(1)).getByRole('list'))).toEqual(['box', 'slot']);
    expect(itemsOf(within(group(2)).getByRole('list'))).toEqual(['note']);
    await userEvent.click(screen.getByRole('button', { name: 'Add group' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('created successfully')).toBeTruthy();
    const body = sentBodies(fetchMock, 'create-form')[0] as { template: Rec };
    expect(body.template).toMatchObject({ name: 'curation-box', dataModel: 'CurationBox', availableSubForms: [] });
    // The empty third group leaves no trace.
    expect((body.template.fields as Rec[]).map((f) => [f.name, f.group, f.order])).toEqual([
      ['box', '-group1', 0],
      ['slot', '-group1', 1],
      ['note', '-group2', 0],
    ]);
    expect(await screen.findByRole('heading', { name: 'Form curation-box' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save & Generate' })).toHaveProperty('disabled', false),
    );
    expect(screen.getByLabelText(/Form name/)).toHaveProperty('readOnly', true);
  }, 60_000);

  it('requires a name before saving', async () => {
    const fetchMock = renderEditor(`${BASE}/CurationBox/new`);
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(fetchedUrls(fetchMock).some((url) => url.includes('create-form'))).toBe(false);
  });

  it('removes only empty groups other than the first, and moves optional fields back', async () => {
    renderEditor(`${BASE}/CurationBox/new`);
    await userEvent.click(await screen.findByRole('button', { name: 'Add group' }));
    const removeOf = (n: number) => within(group(n)).getByRole('button', { name: 'Remove group' });
    expect(removeOf(1)).toHaveProperty('disabled', true);
    expect(removeOf(2)).toHaveProperty('disabled', false);
    await addToGroup('slot', /^Group 2/);
    expect(removeOf(2)).toHaveProperty('disabled', true);
    await userEvent.click(within(group(2)).getByRole('button', { name: 'Remove slot' }));
    expect(itemsOf(palette())).toContain('slot');
    await userEvent.click(removeOf(2));
    expect(screen.queryByRole('region', { name: 'Group 2' })).toBeNull();
  });

  it('names a group; a name starting with - has no heading', async () => {
    renderEditor(`${BASE}/CurationBox/new`);
    const input = within(await screen.findByRole('region', { name: 'Group 1' })).getByLabelText('Group name');
    expect(within(group(1)).getByText('No heading on the form')).toBeTruthy();
    await userEvent.clear(input);
    await userEvent.type(input, 'Box Details{Enter}');
    expect(within(group(1)).queryByText('No heading on the form')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Add group' }));
    const second = within(group(2)).getByLabelText('Group name');
    await userEvent.clear(second);
    await userEvent.type(second, 'Box Details');
    expect(within(group(2)).getByText('The group name is taken.')).toBeTruthy();
  });

  it('edits a field: input types of its column, forced validators, calculate disables the input', async () => {
    const fetchMock = renderEditor(`${BASE}/CurationBox/update/box`);
    await userEvent.click(await screen.findByRole('button', { name: 'Settings of box' }));
    const dialog = await screen.findByRole('dialog', { name: 'Field box' });
    expect(within(dialog).getByRole('checkbox', { name: 'Required' })).toMatchObject({ checked: true, disabled: true });
    expect(within(dialog).queryByRole('checkbox', { name: 'Number' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Input type' }));
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['text', 'select', 'textarea']);
    await userEvent.click(screen.getByRole('option', { name: 'select' }));
    expect(within(dialog).getByLabelText('List name')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('List name'), 'box sizes');
    await userEvent.type(within(dialog).getByLabelText(/^Calculate/), "[slot] . 'x'");
    expect(within(dialog).getByRole('switch', { name: 'Disabled' })).toMatchObject({ checked: true, disabled: true });
    expect(
      within(dialog).getByText(/mDIS expression: \[column\] references.*e\.g\. \[top\] \+ \[sample_length\]/),
    ).toBeTruthy();
    // Cleared, the formula no longer forces the input disabled (issue 24 item 10).
    fireEvent.change(within(dialog).getByLabelText(/^Calculate/), { target: { value: '' } });
    expect(within(dialog).getByRole('switch', { name: 'Disabled' })).toMatchObject({ checked: false, disabled: false });
    fireEvent.change(within(dialog).getByLabelText(/^Calculate/), { target: { value: "[slot] . 'x'" } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('saved successfully')).toBeTruthy();
    const body = sentBodies(fetchMock, 'update-form')[0] as { template: { fields: Rec[] } };
    expect(body.template.fields[0]).toMatchObject({
      name: 'box',
      validators: [{ type: 'required' }, { type: 'string' }],
      formInput: {
        type: 'select',
        disabled: true,
        selectSource: { type: 'list', listName: 'BOX SIZES', textField: 'remark', valueField: 'display' },
      },
    });
  }, 60_000);

  it('picks parent and child forms among the forms of the parent and child models', async () => {
    const fetchMock = renderEditor(`${BASE}/CurationBox/update/box`);
    await userEvent.click(await screen.findByRole('button', { name: 'Parent Forms' }));
    const parents = await screen.findByRole('dialog', { name: 'Parent Forms' });
    expect(
      within(parents)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')?.textContent),
    ).toEqual(['hole']);
    await userEvent.click(within(parents).getByRole('checkbox', { name: 'hole' }));
    await userEvent.click(within(parents).getByRole('button', { name: 'Apply' }));
    await userEvent.click(screen.getByRole('button', { name: 'Child Forms' }));
    const children = await screen.findByRole('dialog', { name: 'Child Forms' });
    await userEvent.click(within(children).getByRole('checkbox', { name: 'slot' }));
    await userEvent.click(within(children).getByRole('button', { name: 'Apply' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('saved successfully');
    const body = sentBodies(fetchMock, 'update-form')[0] as { template: Rec };
    expect(body.template).toMatchObject({ availableSupForms: ['hole'], availableSubForms: ['slot'] });
  });

  it('shows a 422 as a dismissible error summary and other failures as a warning', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let status = 422;
    renderEditor(`${BASE}/CurationBox/update/box`, {
      'PUT cg/api/update-form': () =>
        status === 422
          ? { status, body: [{ field: 'fields.0.formInput.type', message: 'Input type switch is not allowed.' }] }
          : { status, body: { name: 'Conflict', message: 'The template changed meanwhile.', code: 0, status } },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    const summary = await screen.findByRole('alert', { name: 'Validation errors' });
    expect(summary.textContent).toContain('fields.0.formInput.type: Input type switch is not allowed.');
    await userEvent.click(within(summary).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert', { name: 'Validation errors' })).toBeNull();
    status = 409;
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The template changed meanwhile.')).toBeTruthy();
  });

  it('Save & Generate saves, generates the form, then refreshes the forms and the user', async () => {
    const fetchMock = renderEditor(`${BASE}/CurationBox/update/box`);
    localStorage.setItem('mdis-form:box', '{}');
    await userEvent.click(await screen.findByRole('button', { name: 'Save & Generate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Code generator' });
    expect(dialog.textContent).toContain('generating box');
    const before = fetchedUrls(fetchMock).filter((u) => u.includes('auth/refresh')).length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'finish' }));
    await waitFor(() =>
      expect(fetchedUrls(fetchMock).filter((u) => u.includes('auth/refresh')).length).toBeGreaterThan(before),
    );
    expect(localStorage.getItem('mdis-form:box')).toBeNull();
    expect(sentBodies(fetchMock, 'update-form')).toHaveLength(1);
  });
});
