import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ReportMenus } from './ReportMenus';
import type { ReportEntry } from './reportLinks';

const entry = (
  name: string,
  title: string,
  extra: Partial<ReportEntry['report']> = {},
  single = true,
): ReportEntry => ({
  report: { name, title, type: 'report', directPrint: false, canAutoPrint: false, confirmationMessage: null, ...extra },
  single,
});

const reports = [
  entry('Details', 'Details of record'),
  entry('SplitSection', 'Split sections', { type: 'action', confirmationMessage: 'Create the A and W splits?' }),
];
const exports = [entry('ListCsv', 'Export records as CSV file', { type: 'export' }, false)];

describe('report and export menus', () => {
  it('runs a report at once from its menu', async () => {
    const onRun = vi.fn();
    render(<ReportMenus reports={reports} exports={exports} onRun={onRun} />);
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    await userEvent.click(
      within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Export records as CSV file' }),
    );
    expect(onRun).toHaveBeenCalledWith(exports[0]);
  });

  it("asks 'Please confirm!' with the report's message first, and runs it only on OK", async () => {
    const onRun = vi.fn();
    render(<ReportMenus reports={reports} exports={exports} onRun={onRun} />);
    await userEvent.click(screen.getByRole('button', { name: 'Reports' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Split sections' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Please confirm!')).toBeTruthy();
    expect(within(dialog).getByText('Create the A and W splits?')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onRun).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Reports' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Split sections' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    expect(onRun).toHaveBeenCalledTimes(1);
    expect(onRun).toHaveBeenCalledWith(reports[1]);
  });

  it('opens an action that takes input on its own page without asking here (its page asks)', async () => {
    const onRun = vi.fn();
    const series = entry('CreateSampleSeries', 'Create sample series', {
      type: 'action',
      opensPage: true,
      confirmationMessage: 'This creates a series of samples along the split. Continue?',
    });
    render(<ReportMenus reports={[series]} exports={exports} onRun={onRun} />);
    await userEvent.click(screen.getByRole('button', { name: 'Reports' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Create sample series' }));
    expect(onRun).toHaveBeenCalledWith(series);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('disables a menu that has no reports', () => {
    render(<ReportMenus reports={[]} exports={exports} onRun={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Reports' }).hasAttribute('disabled')).toBe(true);
  });
});
