import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReportInfo } from '../api/records.api';
import { mockApi } from '../../test/mockApi';
import { readFormStorage, writeFormStorage } from '../storage/formStorage';
import { AutoPrintMenu } from './AutoPrintMenu';
import { autoPrintSetting, printAfterSave, storeAutoPrint } from './autoPrint';

const info = (name: string, canAutoPrint: boolean): ReportInfo => ({
  name,
  title: `${name} title`,
  type: 'report',
  directPrint: false,
  canAutoPrint,
  confirmationMessage: null,
});

describe('auto print (spec 1 §4)', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('chooses the report automatically when exactly one can auto-print', () => {
    expect(autoPrintSetting('core', [info('Details', false), info('CoreQrCodes', true)])).toEqual({
      report: 'CoreQrCodes',
      onSave: false,
    });
    expect(autoPrintSetting('core', [info('A', true), info('B', true)]).report).toBeNull();
    expect(autoPrintSetting('core', [info('Details', false)]).report).toBeNull();
  });

  it('keeps the choice per form, and switches printing on save off without a report', () => {
    const single = [info('A', true), info('B', true)];
    storeAutoPrint('core', { report: 'B', onSave: true });
    expect(autoPrintSetting('core', single)).toEqual({ report: 'B', onSave: true });
    expect(autoPrintSetting('sample', single)).toEqual({ report: null, onSave: false });
    // "no auto print" is a choice of its own: the automatic choice does not come back
    storeAutoPrint('core', { report: null, onSave: true });
    expect(autoPrintSetting('core', [info('CoreQrCodes', true)])).toEqual({ report: null, onSave: false });
    expect(readFormStorage('core')).toMatchObject({ autoPrintReport: '', autoPrintOnSave: false });
  });

  it('prints the saved record with the chosen report only when printing on save is on', () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    printAfterSave('CoreCore', 'core', 7);
    expect(open).not.toHaveBeenCalled();
    writeFormStorage('core', { autoPrintReport: 'CoreQrCodes', autoPrintOnSave: true });
    printAfterSave('CoreCore', 'core', 7);
    expect(open).toHaveBeenCalledWith('report/CoreQrCodes?model=CoreCore&form=core&id=7&print=1', '_blank');
  });

  it('offers the menu with the auto-printable reports and stores what the user picks', async () => {
    mockApi({
      'GET form/reports': {
        status: 200,
        body: { single: [info('Details', false), info('CoreQrCodes', true)], multiple: [] },
      },
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <AutoPrintMenu formName="core" />
      </QueryClientProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Auto print' }));
    expect(screen.getByRole('menuitemradio', { name: 'CoreQrCodes title' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.queryByRole('menuitemradio', { name: 'Details title' })).toBeNull();
    await userEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Print after save' }));
    await waitFor(() => expect(readFormStorage('core').autoPrintOnSave).toBe(true));
    expect(readFormStorage('core').autoPrintReport).toBe('CoreQrCodes');
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'No auto print' }));
    expect(readFormStorage('core')).toMatchObject({ autoPrintReport: '', autoPrintOnSave: false });
    // without a report there is nothing to print: the switch is off and cannot be turned on
    const printOnSave = screen.getByRole('menuitemcheckbox', { name: 'Print after save' });
    expect(printOnSave.classList.contains('Mui-disabled')).toBe(true);
    expect(printOnSave.getAttribute('aria-checked')).toBe('false');
  });
});
