import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { STORAGE_KEYS, type ModelTemplate } from '@mdis/shared';
import { AppProviders, createQueryClient } from '../../../app/providers/AppProviders';
import { ADMIN, mockApi, sentBodies, shellAnswers, type MockAnswer } from '../../../test/mockApi';
import type { CodeGeneratorDialogProps } from '../generator/CodeGeneratorDialog';
import type { BehaviorInfo, ModelSummary, TemplateSummary } from '../templateManager.api';
import { ModelEditorPage } from './ModelEditorPage';

// The generator dialog is another component's business: here only what the editor hands it.
vi.mock('../generator/CodeGeneratorDialog', () => ({
  CodeGeneratorDialog: (props: CodeGeneratorDialogProps) =>
    props.open && (
      <div role="dialog" aria-label="code generator">
        {`${props.generatorId} ${props.templateName} ${String(props.autoGenerate)}`}
      </div>
    ),
}));

const summaryModel = (module: string, name: string, table: string, extra: Partial<ModelSummary> = {}) => ({
  name,
  fullName: module + name,
  module,
  table,
  parentModel: null,
  createdAt: 1,
  modifiedAt: 1,
  generatedAt: null,
  isTableCreated: true,
  tableGenerationTimestamp: 1,
  generatedFiles: [],
  columns: { id: { name: 'id', type: 'integer' }, corebox: { name: 'corebox', type: 'string' } },
  ...extra,
});

const SUMMARY: TemplateSummary = {
  modules: ['Curation', 'Project'],
  models: [
    summaryModel('Project', 'Hole', 'project_hole'),
    summaryModel('Curation', 'Corebox', 'curation_corebox'),
    summaryModel('Curation', 'Box', 'curation_box', { generatedFiles: [{ path: 'a.ts', modified: true }] }),
  ],
};

const BEHAVIORS: BehaviorInfo[] = [
  {
    name: 'LeadingZerosBehavior',
    behaviorClass: 'app\\behaviors\\template\\LeadingZerosBehavior',
    parameters: [
      { name: 'column', kind: 'column', hint: 'text column whose leading digits are padded' },
      { name: 'length', kind: 'number', hint: 'number of digits' },
    ],
  },
  { name: 'SiblingsLimitBehavior', behaviorClass: 'app\\behaviors\\template\\SiblingsLimitBehavior', parameters: [] },
  {
    name: 'UniqueCombinationAutoIncrement',
    behaviorClass: 'app\\behaviors\\template\\UniqueCombinationAutoIncrementBehavior',
    parameters: [
      { name: 'searchFields', kind: 'columns', hint: 'columns whose values form the group' },
      { name: 'fieldToFill', kind: 'column', hint: 'column that receives the next value' },
      { name: 'useAlphabet', kind: 'boolean', label: 'Letters instead of numbers', hint: 'A, B, … Z, AA' },
    ],
  },
];

const STORED: ModelTemplate = {
  module: 'Curation',
  name: 'Box',
  fullName: 'CurationBox',
  table: 'curation_box',
  parentModel: 'CurationCorebox',
  columns: {
    id: { name: 'id', type: 'integer', size: 11, primaryKey: true, autoInc: true, label: 'ID' },
    corebox_id: { name: 'corebox_id', type: 'integer', size: 11, required: true, label: 'Corebox', isLocked: true },
    box: { name: 'box', type: 'string', size: 20, label: 'Box' },
    weight: { name: 'weight', type: 'double', label: 'Weight' },
  },
  indices: { pk_id: { name: 'pk_id', type: 'PRIMARY', columns: ['id'] } },
  relations: {
    curation_box__curation_corebox__parent: {
      name: 'curation_box__curation_corebox__parent',
      relationType: 'parent',
      foreignTable: 'curation_corebox',
      localColumns: ['corebox_id'],
      foreignColumns: ['id'],
      isLocked: true,
    },
  },
  behaviors: [],
};

const TABLE_DONE = {
  model: 'CurationBox',
  table: 'curation_box',
  plan: [],
  dataLoss: [],
  isTableCreated: true,
  tableGenerationTimestamp: 1763900000,
};

function renderEditor(path: string, answers: Record<string, MockAnswer> = {}) {
  const fetchMock = mockApi({
    ...shellAnswers(ADMIN),
    'GET cg/api/summary': { status: 200, body: SUMMARY },
    'GET cg/api/behaviors': { status: 200, body: BEHAVIORS },
    'GET cg/api/get-model-template': { status: 200, body: STORED },
    ...answers,
  });
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(ADMIN));
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppProviders queryClient={queryClient}>
        <Routes>
          <Route
            path="/settings/templates-manager/data-models/new/:moduleName"
            element={<ModelEditorPage scenario="create" />}
          />
          <Route
            path="/settings/templates-manager/data-models/update/:modelFullName"
            element={<ModelEditorPage scenario="update" />}
          />
        </Routes>
      </AppProviders>
    </MemoryRouter>,
  );
  return fetchMock;
}

const group = (name: string) => screen.getByRole('group', { name });
const pick = async (label: string, option: string, scope: HTMLElement = document.body) => {
  await userEvent.click(within(scope).getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
};

/** Pasting instead of typing: every keystroke would re-render the whole editor. */
const fill = async (element: HTMLElement, text: string) => {
  await userEvent.click(element);
  await userEvent.paste(text);
};

afterEach(() => localStorage.clear());

describe('ModelEditorPage', { timeout: 30_000 }, () => {
  it('creates a model with a parent and columns, then opens its update route', async () => {
    const fetchMock = renderEditor('/settings/templates-manager/data-models/new/Curation', {
      'POST cg/api/create-model': { status: 201, body: { ...STORED, name: 'CrateBox', fullName: 'CurationCrateBox' } },
    });
    const name = await screen.findByLabelText(/^Model name/);
    await fill(name, 'crate box');
    await userEvent.tab();
    expect((name as HTMLInputElement).value).toBe('CrateBox');
    expect(screen.getByText('table curation_crate_box')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save & Generate' })).toHaveProperty('disabled', true);

    await pick('Parent model', 'CurationCorebox');
    expect(within(group('column corebox_id')).getByLabelText('Column name')).toHaveProperty('disabled', true);
    await fill(screen.getByLabelText('New column name'), 'Box Label');
    await userEvent.click(screen.getByRole('button', { name: 'Add column' }));
    const column = group('column box_label');
    await fill(within(column).getByLabelText('Label'), 'Label of the box');
    await userEvent.click(within(column).getByLabelText('Required'));
    await userEvent.clear(within(column).getByLabelText('Size'));
    await fill(within(column).getByLabelText('Size'), '20');

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Data model CurationCrateBox')).toBeTruthy();
    const [body] = sentBodies(fetchMock, 'create-model') as { template: ModelTemplate }[];
    const sent = body.template;
    expect(sent).toMatchObject({ module: 'Curation', name: 'CrateBox', parentModel: 'CurationCorebox' });
    expect(Object.keys(sent.columns)).toEqual(['id', 'corebox_id', 'box_label']);
    expect(sent.columns.box_label).toMatchObject({
      type: 'string',
      size: 20,
      label: 'Label of the box',
      required: true,
    });
    expect(Object.keys(sent.relations)).toEqual(['curation_crate_box__curation_corebox__parent']);
  });

  it('adds an index over picked columns and a behavior with its parameters', async () => {
    const fetchMock = renderEditor('/settings/templates-manager/data-models/update/CurationBox', {
      'POST cg/api/update-model': { status: 200, body: STORED },
      'POST cg/api/create-model-table': { status: 200, body: TABLE_DONE },
    });
    await screen.findByRole('group', { name: 'column weight' });
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    await fill(screen.getByLabelText('New index name'), 'box label');
    await userEvent.click(screen.getByRole('button', { name: 'Add index' }));
    await pick('Index type', 'UNIQUE', group('index box_label'));
    await pick('Index columns', 'box', group('index box_label'));
    await userEvent.keyboard('{Escape}');

    await fill(screen.getByRole('combobox', { name: 'Behavior' }), 'leading');
    await userEvent.click(await screen.findByRole('option', { name: 'LeadingZerosBehavior' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add behavior' }));
    const behavior = group('behavior LeadingZerosBehavior');
    // the column is picked from the model's columns, the length typed as a number
    await pick('column', 'box', behavior);
    await fill(within(behavior).getByLabelText('length'), '3');

    await userEvent.click(screen.getByRole('button', { name: 'Save & Generate' }));
    const log = screen.getByRole('list', { name: 'generation log' });
    expect(await within(log).findByText('saved successfully')).toBeTruthy();
    const { template } = sentBodies(fetchMock, 'update-model')[0] as { template: ModelTemplate };
    expect(template.indices.box_label).toEqual({ name: 'box_label', type: 'UNIQUE', columns: ['box'] });
    expect(template.behaviors).toEqual([
      { behaviorClass: 'app\\behaviors\\template\\LeadingZerosBehavior', parameters: { column: 'box', length: 3 } },
    ]);
  });

  it("edits a stored behavior's parameters with column pickers and a switch, saving the same JSON", async () => {
    const increment = 'app\\behaviors\\template\\UniqueCombinationAutoIncrementBehavior';
    const stored = {
      ...STORED,
      behaviors: [
        {
          behaviorClass: increment,
          parameters: { searchFields: ['corebox_id'], fieldToFill: 'box', useAlphabet: false, legacy: [1] },
        },
      ],
    };
    const fetchMock = renderEditor('/settings/templates-manager/data-models/update/CurationBox', {
      'GET cg/api/get-model-template': { status: 200, body: stored },
      'POST cg/api/update-model': { status: 200, body: stored },
      'POST cg/api/create-model-table': { status: 200, body: TABLE_DONE },
    });
    const behavior = await screen.findByRole('group', { name: 'behavior UniqueCombinationAutoIncrement' });
    const fieldToFill = within(behavior).getByRole('combobox', { name: 'fieldToFill' });
    expect((fieldToFill as HTMLInputElement).value).toBe('box');
    // the stored column list shows as a chip of the searchFields picker
    expect(within(behavior).getByText('corebox_id')).toBeTruthy();
    // a parameter the registry does not declare stays raw JSON
    expect(within(behavior).getByLabelText<HTMLInputElement>('legacy').value).toBe('[1]');

    await pick('searchFields', 'box', behavior);
    await userEvent.keyboard('{Escape}');
    await pick('fieldToFill', 'weight', behavior);
    await userEvent.click(within(behavior).getByRole('switch', { name: 'Letters instead of numbers' }));

    await userEvent.click(screen.getByRole('button', { name: 'Save & Generate' }));
    const log = screen.getByRole('list', { name: 'generation log' });
    expect(await within(log).findByText('saved successfully')).toBeTruthy();
    const { template } = sentBodies(fetchMock, 'update-model')[0] as { template: ModelTemplate };
    expect(template.behaviors).toEqual([
      {
        behaviorClass: increment,
        parameters: { searchFields: ['corebox_id', 'box'], fieldToFill: 'weight', useAlphabet: true, legacy: [1] },
      },
    ]);
  });

  it('keeps the previous column name when the new one is taken or empty', async () => {
    renderEditor('/settings/templates-manager/data-models/update/CurationBox');
    const input = within(await screen.findByRole('group', { name: 'column weight' })).getByLabelText('Column name');
    await userEvent.clear(input);
    await userEvent.type(input, 'Box{Enter}');
    expect(await screen.findByText('The name is taken.')).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe('weight');
    expect(within(group('column id')).getByRole('button', { name: 'Remove column id' })).toHaveProperty(
      'disabled',
      true,
    );
  });

  it('Save & Generate: saves, asks before the table loses data, then opens the generator', async () => {
    let tableCalls = 0;
    const fetchMock = renderEditor('/settings/templates-manager/data-models/update/CurationBox', {
      'POST cg/api/update-model': { status: 200, body: STORED },
      'POST cg/api/create-model-table': () =>
        ++tableCalls === 1
          ? {
              status: 409,
              body: { message: 'Column weight of curation_box holds data; dropping it would lose the data.' },
            }
          : {
              status: 200,
              body: {
                model: 'CurationBox',
                table: 'curation_box',
                plan: ['drop column curation_box.weight'],
                dataLoss: [],
                isTableCreated: true,
                tableGenerationTimestamp: 2,
              },
            },
    });
    await screen.findByRole('group', { name: 'column weight' });
    expect(screen.getByRole('link', { name: 'Manage forms' }).getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Remove column weight' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save & Generate' }));
    const confirm = await screen.findByRole('dialog', { name: 'The table would lose data' });
    expect(within(confirm).getByText(/holds data; dropping it would lose the data/)).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Re-create the table' }));
    const generator = await screen.findByRole('dialog', { name: 'code generator' });
    expect(generator.textContent).toBe('dis-model CurationBox true');
    const log = screen.getByRole('list', { name: 'generation log' });
    expect(within(log).getByText('saved successfully')).toBeTruthy();
    expect(
      within(log).getByText('table curation_box created/re-created: drop column curation_box.weight'),
    ).toBeTruthy();
    const saved = sentBodies(fetchMock, 'update-model')[0] as { template: ModelTemplate };
    expect(Object.keys(saved.template.columns)).toEqual(['id', 'corebox_id', 'box']);
    expect(sentBodies(fetchMock, 'create-model-table')).toEqual([
      { model: 'CurationBox', allowDataLoss: false },
      { model: 'CurationBox', allowDataLoss: true },
    ]);
  });

  it("shows the server's 422 list as a dismissible summary and logs the failed save", async () => {
    renderEditor('/settings/templates-manager/data-models/update/CurationBox', {
      'POST cg/api/update-model': {
        status: 422,
        body: [{ field: 'behaviors.0', message: 'column cannot be empty' }],
      },
    });
    await screen.findByRole('group', { name: 'column weight' });
    await userEvent.click(screen.getByRole('button', { name: 'Save & Generate' }));
    const summary = await screen.findByRole('alert', { name: 'error summary' });
    expect(summary.textContent).toContain('behaviors.0: column cannot be empty');
    expect(
      within(screen.getByRole('list', { name: 'generation log' })).getByText('was not able to save the template'),
    ).toBeTruthy();
    await userEvent.click(within(summary).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alert', { name: 'error summary' })).toBeNull());
  });

  it('warns with the message of any other failure', async () => {
    renderEditor('/settings/templates-manager/data-models/update/CurationBox', {
      'POST cg/api/update-model': { status: 409, body: { message: 'The model is busy.' } },
    });
    await screen.findByRole('group', { name: 'column weight' });
    await userEvent.click(screen.getByRole('button', { name: 'Save & Generate' }));
    expect(await screen.findByText('The model is busy.')).toBeTruthy();
  });
});
