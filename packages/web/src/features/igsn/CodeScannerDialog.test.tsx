import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN, fetchedUrls, mockApi, shellAnswers, type MockAnswer } from '../../test/mockApi';
import { CodeScannerDialog, SCANNER_BLUR_CLOSE_MS } from './CodeScannerDialog';
import { renderAtRoute } from './test/renderAtRoute';

const FORMS = {
  Core: [{ key: 'core', label: 'Core', dataModel: 'CoreCore', module: 'Core' }],
  Curation: [
    { key: 'split', label: 'Split', dataModel: 'CurationSectionSplit', module: 'Curation' },
    { key: 'split-storage', label: 'Split storage', dataModel: 'CurationSectionSplit', module: 'Curation' },
  ],
};
const CORE_MATCH = { id: 12, data_model: 'CoreCore', info: '5065_1_A_001', filter: { expedition: 1, hole: 3 } };
const SPLIT_MATCH = { id: 40, data_model: 'CurationSectionSplit', info: '5065_1_A_001_1_A', filter: { hole: 3 } };

function renderScanner(findAnswer: MockAnswer) {
  const fetchMock = mockApi({
    ...shellAnswers(ADMIN),
    'GET app/forms': { status: 200, body: FORMS },
    'GET app/find-igsn/ICDP5065EC01': findAnswer,
  });
  const onClose = vi.fn();
  renderAtRoute(<CodeScannerDialog open onClose={onClose} />, '/somewhere');
  return { fetchMock, onClose, input: screen.getByLabelText('Enter (or scan) igsn code') };
}

const location = () => screen.getByTestId('location').textContent;

describe('global code scanner dialog', () => {
  it('searches on Enter, opens the one match and closes', async () => {
    const { fetchMock, onClose, input } = renderScanner({ status: 200, body: [CORE_MATCH] });
    expect(document.activeElement).toBe(input);
    await userEvent.type(input, 'ICDP5065EC01{Enter}');
    await waitFor(() => expect(location()).toBe('/forms/core-form/12?filter=expedition%3A1%2Chole%3A3'));
    expect(onClose).toHaveBeenCalled();
    expect(fetchedUrls(fetchMock).filter((url) => url.includes('find-igsn'))).toEqual([
      'api/v1/app/find-igsn/ICDP5065EC01',
    ]);
  });

  it('does not search before Enter, nor for an empty code', async () => {
    const { fetchMock, input } = renderScanner({ status: 200, body: [CORE_MATCH] });
    await userEvent.type(input, '{Enter}');
    await userEvent.type(input, 'ICDP5065');
    expect(fetchedUrls(fetchMock).some((url) => url.includes('find-igsn'))).toBe(false);
  });

  it('shows several matches as links; following one navigates and closes', async () => {
    const { onClose, input } = renderScanner({ status: 200, body: [SPLIT_MATCH] });
    await userEvent.type(input, 'ICDP5065EC01{Enter}');
    expect(await screen.findByRole('link', { name: 'split-storage@40, 5065_1_A_001_1_A' })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('link', { name: 'split@40, 5065_1_A_001_1_A' }));
    expect(location()).toBe('/forms/split-form/40?filter=hole%3A3');
    expect(onClose).toHaveBeenCalled();
  });

  it("shows the server's message as a warning and stays open", async () => {
    const { onClose, input } = renderScanner({ status: 400, body: { message: 'ICDP5065EC01 is not a valid IGSN' } });
    await userEvent.type(input, 'ICDP5065EC01{Enter}');
    const alert = await screen.findByText('ICDP5065EC01 is not a valid IGSN');
    expect(alert.closest('.MuiAlert-filledWarning')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(location()).toBe('/somewhere');
  });

  it('says so when nothing matches', async () => {
    const { onClose, input } = renderScanner({ status: 200, body: [] });
    await userEvent.type(input, 'ICDP5065EC01{Enter}');
    expect(await screen.findByText('No record found for this code.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('closes 300 ms after the input loses focus, not before, and not when focus comes back', async () => {
    const { onClose, input } = renderScanner({ status: 200, body: [] });
    input.blur();
    input.focus();
    await new Promise((resolve) => setTimeout(resolve, SCANNER_BLUR_CLOSE_MS + 100));
    expect(onClose).not.toHaveBeenCalled();
    input.blur();
    await new Promise((resolve) => setTimeout(resolve, SCANNER_BLUR_CLOSE_MS - 150));
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(SCANNER_BLUR_CLOSE_MS).toBe(300);
  });

  it('closes 300 ms after focus leaves a found link too, and stays while focus moves inside', async () => {
    const { onClose, input } = renderScanner({ status: 200, body: [SPLIT_MATCH] });
    await userEvent.type(input, 'ICDP5065EC01{Enter}');
    const link = await screen.findByRole('link', { name: 'split@40, 5065_1_A_001_1_A' });
    await userEvent.tab();
    expect(document.activeElement).toBe(link);
    await new Promise((resolve) => setTimeout(resolve, SCANNER_BLUR_CLOSE_MS + 100));
    expect(onClose).not.toHaveBeenCalled();
    link.blur();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});
