import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN } from '../../test/mockApi';
import { formTemplateSchema } from '@mdis/shared';
import { CORE_FORM, CORE_MODEL, core, listBody, mockFormApi, renderScreen } from './test/fixtures';

// Issue 18 §3: what a curator's day found on the form screen, one test each.
const HOLE = { expedition: 1, site: 3, hole: 7 };
const threeCores = () => ({ status: 200, body: listBody([core(1), core(2), core(3)]) });
const EXPORTS = { single: [], multiple: [{ name: 'SampleLabel', title: 'Sample Label', type: 'export' }] };

const table = () => screen.findByRole('table', { name: 'core records' });
async function row(id: number): Promise<HTMLElement> {
  const found = await table();
  return waitFor(() => {
    const element = found.querySelector<HTMLElement>(`tr[data-record-id="${String(id)}"]`);
    if (!element) throw new Error(`no row ${String(id)}`);
    return element;
  });
}
const coreField = () => screen.getByLabelText<HTMLInputElement>('*Core');
const comment = () => screen.getByLabelText<HTMLInputElement>('Comment');
const scenarioOf = () => document.querySelector('[data-record-panel]')?.getAttribute('data-scenario');

async function editCoreTwo() {
  mockFormApi(ADMIN, threeCores, {
    'GET form/2': { status: 200, body: core(2) },
    'GET form/3': { status: 200, body: core(3) },
    'PUT form/2': (init) => ({ status: 200, body: typeof init.body === 'string' ? JSON.parse(init.body) : null }),
  });
  renderScreen({ user: ADMIN, route: { id: 2, filter: HOLE } });
  await waitFor(() => expect(comment().value).toBe('core 2'));
  await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
  await waitFor(() => expect(scenarioOf()).toBe('edit'));
}

describe('a curator’s day on the generic form screen', { timeout: 30_000 }, () => {
  afterEach(() => localStorage.clear());

  it('item 3: shows the parsed by-value filters as chips, and why one cannot apply to its column', async () => {
    mockFormApi(ADMIN, threeCores);
    renderScreen({ user: ADMIN, route: { filter: HOLE } });
    await row(1);
    await userEvent.click(screen.getByRole('button', { name: /Filter by value$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Filter by value' });
    await userEvent.type(within(dialog).getByLabelText('Top Depth'), '>=10');
    await userEvent.type(within(dialog).getByLabelText('Core'), 'abc');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    const chips = await screen.findByRole('group', { name: 'Active filters by value' });
    expect(within(chips).getByText('Top Depth ≥ 10')).toBeTruthy();
    expect(within(chips).getByText('Core: abc')).toBeTruthy();
    expect(within(chips).getByRole('note').textContent).toBe('Core: "abc" is not a number.');
  });

  it('item 4: ticked rows belong to the list: another sort forgets them, and Export says what it runs on', async () => {
    mockFormApi(ADMIN, threeCores, { 'GET form/reports': { status: 200, body: EXPORTS } });
    renderScreen({ user: ADMIN, route: { filter: HOLE } });
    await userEvent.click(within(await row(2)).getByRole('checkbox'));
    expect(await screen.findByText(/1 of 3 row\(s\) selected/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('On the 1 selected row(s)')).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(await table()).getByText('Top Depth'));
    await waitFor(() => expect(screen.queryByText(/row\(s\) selected/)).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText('No rows selected: on all 3 record(s) of the list')).toBeTruthy();
  });

  it('item 4: ticked rows are not remembered for the next visit', async () => {
    mockFormApi(ADMIN, threeCores);
    const first = renderScreen({ user: ADMIN, route: { filter: HOLE } });
    await userEvent.click(within(await row(2)).getByRole('checkbox'));
    expect(await screen.findByText(/1 of 3 row\(s\) selected/)).toBeTruthy();
    first.unmount();
    renderScreen({ user: ADMIN, route: { filter: HOLE } });
    await row(2);
    expect(screen.queryByText(/row\(s\) selected/)).toBeNull();
  });

  it("item 5: a record opened by its address sets the filter bar to the record's ancestors", async () => {
    localStorage.setItem('mdis-form:core', JSON.stringify({ filter: { expedition: 2 } }));
    const onRouteChange = vi.fn();
    mockFormApi(ADMIN, threeCores, {
      'GET form/2': { status: 200, body: core(2, { site_id: 3, expedition_id: 1 }) },
    });
    renderScreen({ user: ADMIN, route: { id: 2 }, onRouteChange });
    await waitFor(() =>
      expect(onRouteChange).toHaveBeenLastCalledWith(expect.objectContaining({ id: 2, filter: HOLE })),
    );
    await waitFor(() => expect(screen.getByRole<HTMLInputElement>('combobox', { name: 'Hole' }).value).toBe('A'));
  });

  it("item 6: a record that does not exist says the spec's 'not found' message", async () => {
    mockFormApi(ADMIN, threeCores, { 'GET form/999999': { status: 404, body: { message: 'Record not found.' } } });
    renderScreen({ user: ADMIN, route: { id: 999999, filter: HOLE } });
    expect(await screen.findByText('The requested resource was not found')).toBeTruthy();
  });

  it('item 7: Esc with unsaved changes asks Save / Discard / Cancel; Cancel keeps the draft, Discard drops it', async () => {
    await editCoreTwo();
    await userEvent.type(comment(), '!');
    await userEvent.keyboard('{Escape}');
    let dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(scenarioOf()).toBe('edit');
    expect(comment().value).toBe('core 2!');
    await userEvent.keyboard('{Escape}');
    dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(scenarioOf()).toBe('view'));
    expect(comment().value).toBe('core 2');
  });

  it('item 7: another record with unsaved changes asks first; Save saves and then opens it', async () => {
    await editCoreTwo();
    await userEvent.type(comment(), '!');
    await userEvent.click(await row(3));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    expect(scenarioOf()).toBe('edit');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Record was updated successfully')).toBeTruthy();
    await waitFor(() => expect(comment().value).toBe('core 3'));
  });

  it('item 7: closing the window with unsaved changes asks the browser to confirm', async () => {
    await editCoreTwo();
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    await userEvent.type(comment(), '!');
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });

  it('item 13: alt+2 with errors shown goes to the first field, not to the summary’s close button', async () => {
    mockFormApi(ADMIN, threeCores, {
      'GET form/2': { status: 200, body: core(2) },
      'PUT form/2': { status: 422, body: [{ field: 'comment', message: 'too long' }] },
    });
    renderScreen({ user: ADMIN, route: { id: 2, filter: HOLE } });
    await waitFor(() => expect(comment().value).toBe('core 2'));
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('comment: too long')).toBeTruthy();
    fireEvent.keyDown(window, { key: '2', code: 'Digit2', altKey: true });
    expect(document.activeElement).toBe(coreField());
    await userEvent.keyboard('7');
    expect(coreField().value).toBe('27');
  });

  it('item 13: alt+shift+n puts the focus in the first field of the new record', async () => {
    mockFormApi(ADMIN, threeCores, { 'POST form/defaults': { status: 200, body: { hole_id: 7 } } });
    renderScreen({ user: ADMIN, route: { filter: HOLE } });
    await row(1);
    fireEvent.keyDown(window, { key: 'N', code: 'KeyN', altKey: true, shiftKey: true });
    await waitFor(() => expect(scenarioOf()).toBe('create'));
    await waitFor(() => expect(document.activeElement).toBe(coreField()));
  });

  it('item 13: arrow keys in the table select the next and the previous record', async () => {
    mockFormApi(ADMIN, threeCores, {
      'GET form/1': { status: 200, body: core(1) },
      'GET form/2': { status: 200, body: core(2) },
    });
    renderScreen({ user: ADMIN, route: { id: 1, filter: HOLE } });
    const first = await row(1);
    first.focus();
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(comment().value).toBe('core 2'));
    expect((await row(2)).getAttribute('aria-current')).toBe('true');
    expect(document.activeElement).toBe(await row(2));
    await userEvent.keyboard('{ArrowUp}');
    await waitFor(() => expect(comment().value).toBe('core 1'));
  });

  it('item 10: a formula reading the parent (the hole) updates while typing, from the hole the filter chose', async () => {
    const depthBelowRig = {
      name: 'top_depth_mbsf',
      label: 'Top Depth [mbsf]',
      validators: [],
      formInput: { type: 'text', calculate: 'round([top_depth] - coalesce(hole.drillers_reference_height, 0), 2)' },
      group: 'Core',
      order: 3,
    };
    const form = formTemplateSchema.parse({ ...CORE_FORM, fields: [...CORE_FORM.fields, depthBelowRig] });
    const relation = {
      name: 'core_core__project_hole__parent',
      relationType: 'parent',
      foreignTable: 'project_hole',
      localColumns: ['hole_id'],
      foreignColumns: ['id'],
    };
    const model = { ...CORE_MODEL, parentModel: 'ProjectHole', relations: { [relation.name]: relation } };
    mockFormApi(ADMIN, threeCores, {
      'GET cg/api/get-model-template': { status: 200, body: model },
      'GET form/2': { status: 200, body: core(2, { top_depth_mbsf: 15 }) },
      'GET form/7': { status: 200, body: { id: 7, hole: 'A', drillers_reference_height: 5.5 } },
    });
    renderScreen({ user: ADMIN, route: { id: 2, filter: HOLE }, form });
    const mbsf = () => screen.getByLabelText<HTMLInputElement>('Top Depth [mbsf]');
    await waitFor(() => expect(mbsf().value).toBe('15'));
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await waitFor(() => expect(scenarioOf()).toBe('edit'));
    const top = screen.getByLabelText<HTMLInputElement>('Top Depth');
    await userEvent.clear(top);
    await userEvent.type(top, '30');
    await waitFor(() => expect(mbsf().value).toBe('24.5'));
  });
});
