import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { ADMIN, fetchedUrls, mockApi, shellAnswers, type MockAnswer } from '../../test/mockApi';
import { IgsnLookupPage } from './IgsnLookupPage';
import { renderAtRoute } from './test/renderAtRoute';

const FORMS = {
  Core: [{ key: 'core', label: 'Core', dataModel: 'CoreCore', module: 'Core' }],
  Curation: [
    { key: 'split', label: 'Split', dataModel: 'CurationSectionSplit', module: 'Curation' },
    { key: 'split-storage', label: 'Split storage', dataModel: 'CurationSectionSplit', module: 'Curation' },
  ],
};
const CORE_MATCH = {
  id: 12,
  data_model: 'CoreCore',
  info: '5065_1_A_001',
  filter: { expedition: 1, site: 2, hole: 3 },
};
const SPLIT_MATCH = { id: 40, data_model: 'CurationSectionSplit', info: '5065_1_A_001_1_A', filter: { hole: 3 } };

function renderLookup(path: string, findAnswer: MockAnswer) {
  const fetchMock = mockApi({
    ...shellAnswers(ADMIN),
    'GET app/forms': { status: 200, body: FORMS },
    'GET app/find-igsn/ICDP5065EC01': findAnswer,
  });
  renderAtRoute(<IgsnLookupPage />, path, '/forms/igsn/:igsn?');
  return fetchMock;
}

const location = () => screen.getByTestId('location').textContent;

describe('igsn lookup page', () => {
  it('opens the one matching record in its form with the filter set', async () => {
    const fetchMock = renderLookup('/forms/igsn/ICDP5065EC01', { status: 200, body: [CORE_MATCH] });
    await waitFor(() => expect(location()).toBe('/forms/core-form/12?filter=expedition%3A1%2Csite%3A2%2Chole%3A3'));
    expect(fetchedUrls(fetchMock)).toContain('api/v1/app/find-igsn/ICDP5065EC01');
  });

  it('lists several matches as name@id links with their info and stays on the page', async () => {
    renderLookup('/forms/igsn/ICDP5065EC01', { status: 200, body: [SPLIT_MATCH] });
    const first = await screen.findByRole('link', { name: 'split@40, 5065_1_A_001_1_A' });
    const second = screen.getByRole('link', { name: 'split-storage@40, 5065_1_A_001_1_A' });
    expect(first.getAttribute('href')).toBe('/forms/split-form/40?filter=hole%3A3');
    expect(second.getAttribute('href')).toBe('/forms/split-storage-form/40?filter=hole%3A3');
    expect(location()).toBe('/forms/igsn/ICDP5065EC01');
  });

  it('says so when nothing matches', async () => {
    renderLookup('/forms/igsn/ICDP5065EC01', { status: 200, body: [] });
    expect(await screen.findByText('No record found for IGSN ICDP5065EC01.')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it("shows the server's message as a warning and goes to / when the lookup fails", async () => {
    renderLookup('/forms/igsn/ICDP5065EC01', {
      status: 400,
      body: { code: 'BAD_REQUEST', message: 'ICDP5065EC01 is not a valid IGSN' },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('ICDP5065EC01 is not a valid IGSN');
    expect(alert.className).toContain('MuiAlert-filledWarning');
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('goes to / without a code and asks nothing', async () => {
    const fetchMock = renderLookup('/forms/igsn', { status: 200, body: [CORE_MATCH] });
    await waitFor(() => expect(location()).toBe('/'));
    expect(fetchedUrls(fetchMock).some((url) => url.includes('find-igsn'))).toBe(false);
  });
});
