import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN, mockApi, shellAnswers } from '../../test/mockApi';
import { renderDashboard, testWidget } from './test/renderDashboard';

const column = (name: string, type = 'double') => ({ name, type, label: name });
const CORE_TEMPLATE = {
  module: 'Core',
  name: 'Core',
  table: 'core_core',
  fullName: 'CoreCore',
  columns: { id: column('id', 'integer'), core: column('core', 'integer'), core_recovery: column('core_recovery') },
  indices: {},
  relations: {},
  behaviors: [],
};

// Issue 24 item 2: adding a chart posted it without settings and the server refused it (422).
describe('adding a Simple Chart widget', { timeout: 20_000 }, () => {
  it('opens its settings first; table and columns are picked from lists; Save creates it', async () => {
    const posted: unknown[] = [];
    mockApi({
      ...shellAnswers(ADMIN),
      'GET widgets': { status: 200, body: { items: [testWidget(1, { title: 'Notes' })], _meta: { totalCount: 1 } } },
      'GET app/forms': {
        status: 200,
        body: {
          Core: [
            { key: 'core', label: 'Cores', module: 'Core', dataModel: 'CoreCore' },
            { key: 'section', label: 'Sections', module: 'Core', dataModel: 'CoreSection' },
          ],
        },
      },
      'GET cg/api/get-model-template': { status: 200, body: CORE_TEMPLATE },
      'POST widgets': (init) => {
        posted.push(JSON.parse(init.body as string));
        return { status: 201, body: testWidget(9, { type: 'SimpleChartWidget', title: 'Simple Chart' }) };
      },
    });
    renderDashboard(ADMIN);
    await screen.findByRole('heading', { name: 'Notes' });
    await userEvent.click(screen.getByLabelText('edit mode'));
    await userEvent.click(screen.getByRole('button', { name: 'Add Widget' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Simple Chart' }));

    const dialog = await screen.findByRole('dialog', { name: 'New Simple Chart' });
    expect(posted).toEqual([]);
    const pick = async (label: string, option: string) => {
      await userEvent.click(within(dialog).getByRole('combobox', { name: label }));
      await userEvent.click(await screen.findByRole('option', { name: option }));
    };
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Table' }).ariaDisabled).not.toBe('true'));
    await pick('Table', 'CoreCore');
    await pick('x Axis Column', 'core');
    await pick('y Axis Column', 'core_recovery');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted).toEqual([
      expect.objectContaining({
        type: 'SimpleChartWidget',
        title: 'Simple Chart',
        extraSettings: { model: 'CoreCore', xColumn: 'core', yColumn: 'core_recovery' },
      }),
    ]);
  });
});
