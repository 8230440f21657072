import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN, VIEWER } from '../../test/mockApi';
import { calls, core, listBody, mockFormApi, renderScreen } from './test/fixtures';

const HOLE = { expedition: 1, site: 3, hole: 7 };
const threeCores = () => ({ status: 200, body: listBody([core(1), core(2), core(3)]) });

async function selectRow(id: number) {
  const table = await screen.findByRole('table', { name: 'core records' });
  const row = await waitFor(() => {
    const found = table.querySelector(`tr[data-record-id="${String(id)}"]`);
    if (!found) throw new Error(`no row ${String(id)}`);
    return found as HTMLElement;
  });
  await userEvent.click(row);
}

describe('the generic form screen', { timeout: 20_000 }, () => {
  it("shows the server's message when the table cannot be loaded", async () => {
    mockFormApi(ADMIN, () => ({ status: 400, body: { message: "Invalid filter for column 'core'" } }));
    renderScreen({ user: ADMIN, route: { filter: HOLE } });
    expect(await screen.findByText("Unable to load table items: Invalid filter for column 'core'")).toBeTruthy();
  });

  it("warns 'unable to get reports' when the report lists cannot be loaded", async () => {
    mockFormApi(ADMIN, threeCores, { 'GET form/reports': { status: 403, body: { message: 'Forbidden' } } });
    renderScreen({ user: ADMIN, route: { filter: HOLE } });
    expect(await screen.findByText('unable to get reports')).toBeTruthy();
  });

  it("says 'No data available for this filter setting.' for an empty list", async () => {
    mockFormApi(ADMIN, () => ({ status: 200, body: listBody([]) }));
    renderScreen({ user: ADMIN, route: { filter: HOLE } });
    expect(await screen.findByText('No data available for this filter setting.')).toBeTruthy();
  });

  it('asks to fill out the filter bar when New is pressed without the required hole', async () => {
    const fetchMock = mockFormApi(ADMIN, threeCores);
    renderScreen({ user: ADMIN, route: { filter: { expedition: 1, site: 3 } } });
    await userEvent.click(await screen.findByRole('button', { name: 'New' }));
    const dialog = await screen.findByRole('dialog', { name: 'Please fill out the filter bar' });
    expect(dialog.textContent).toContain(
      'Select items from left to right. For editing, all pulldowns must be specified.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    // no defaults were asked for and the form stays in view
    expect(calls(fetchMock).some((call) => call.startsWith('POST form/defaults'))).toBe(false);
    expect(document.querySelector('[data-record-panel][data-scenario="create"]')).toBeNull();
  });

  it("shows 'cannot delete - {message}' when the server refuses the deletion", async () => {
    mockFormApi(ADMIN, threeCores, {
      'GET form/2': { status: 200, body: core(2) },
      'DELETE form/2': { status: 409, body: { name: 'Conflict', message: 'the core has sections', status: 409 } },
    });
    renderScreen({ user: ADMIN, route: { filter: HOLE } });
    await selectRow(2);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete a record' });
    expect(dialog.textContent).toContain('Are you sure? this action could not be reverted.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('cannot delete - the core has sections')).toBeTruthy();
  });

  it('offers a viewer navigation but no Edit, New, Smart Copy or Delete, and no # id column', async () => {
    mockFormApi(VIEWER, threeCores, { 'GET form/1': { status: 200, body: core(1) } });
    renderScreen({ user: VIEWER, route: { filter: HOLE } });
    await selectRow(1);
    const toolbar = screen.getByRole('toolbar', { name: 'Record actions' });
    await waitFor(() => expect(within(toolbar).getByLabelText('Record position').textContent).toBe('1 / 3'));
    for (const name of ['Edit', 'New', 'Smart Copy', 'Delete'])
      expect(within(toolbar).queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: /# id/ })).toBeNull();
  });
});
