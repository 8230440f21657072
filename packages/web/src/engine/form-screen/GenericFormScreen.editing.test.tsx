import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type * as MaterialReactTable from 'material-react-table';
import { formTemplateSchema } from '@mdis/shared';
import { ADMIN } from '../../test/mockApi';
import { CORE_FORM, bodyOf, core, listBody, mockFormApi, renderScreen } from './test/fixtures';

// Counts the table's renders: material-react-table's hook runs once per render of RecordTable.
const tableRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('material-react-table', async (importOriginal) => {
  const actual = await importOriginal<typeof MaterialReactTable>();
  return {
    ...actual,
    useMaterialReactTable: ((options) => {
      tableRenders.count += 1;
      return actual.useMaterialReactTable(options);
    }) as typeof actual.useMaterialReactTable,
  };
});

const HOLE = { expedition: 1, site: 3, hole: 7 };
const FORM_WITH_SELECT = formTemplateSchema.parse({
  ...CORE_FORM,
  fields: [
    ...CORE_FORM.fields,
    {
      name: 'core_type',
      label: 'Core Type',
      validators: [],
      formInput: { type: 'select', selectSource: { type: 'list', listName: 'CORE_TYPE' } },
      group: 'Core',
      order: 3,
    },
  ],
});

async function editCoreTwo() {
  const second = core(2, { core_type: '' });
  const fetchMock = mockFormApi(ADMIN, () => ({ status: 200, body: listBody([core(1), second, core(3)]) }), {
    'GET form/2': { status: 200, body: second },
    'PUT form/2': (init) => ({ status: 200, body: typeof init.body === 'string' ? JSON.parse(init.body) : null }),
    'GET list-values': { status: 200, body: [{ display: 'H', remark: 'Hydraulic piston' }] },
  });
  renderScreen({ user: ADMIN, route: { id: 2, filter: HOLE }, form: FORM_WITH_SELECT });
  await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Comment').value).toBe('core 2'));
  await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
  await waitFor(() => expect(document.querySelector('[data-record-panel][data-scenario="edit"]')).not.toBeNull());
  return fetchMock;
}

// the screen with its table takes seconds to settle on a loaded machine
describe('editing on the generic form screen', { timeout: 20_000 }, () => {
  it('does not re-render the record table while the user types in the record panel', async () => {
    await editCoreTwo();
    const comment = screen.getByLabelText<HTMLInputElement>('Comment');
    // let the table settle after entering the edit scenario
    await new Promise((resolve) => setTimeout(resolve, 50));
    const before = tableRenders.count;
    await userEvent.clear(comment);
    await userEvent.type(comment, 'split into two');
    expect(comment.value).toBe('split into two');
    expect(tableRenders.count).toBe(before);
  });

  it('sends an empty select as null when saving (spec 1 §5)', async () => {
    const fetchMock = await editCoreTwo();
    await userEvent.type(screen.getByLabelText('Comment'), '!');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Record was updated successfully')).toBeTruthy();
    expect(bodyOf(fetchMock, 'PUT form/2')).toMatchObject({ core_type: null, comment: 'core 2!' });
  });
});
