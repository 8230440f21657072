import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@mdis/shared';
import { ADMIN, mockApi, requestUrl, shellAnswers } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { readFacetSearch } from './facetSearch';

const FORMS = {
  Curation: [
    { key: 'cuttings', label: 'Cuttings', module: 'Curation', facetValues: { expedition: [11] } },
    { key: 'storage', label: 'Storage', module: 'Curation' },
  ],
};
const list = (items: unknown[]) => ({ status: 200, body: { items, _meta: { totalCount: items.length } } });

function mockFacetApi() {
  return mockApi({
    ...shellAnswers(ADMIN),
    'GET app/config': { status: 200, body: { useFacetSearch: true } },
    'GET app/forms': { status: 200, body: FORMS },
    'POST app/set-facet-values': (init) => ({
      status: 200,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : null,
    }),
  });
}

afterEach(() => {
  document.cookie = `${STORAGE_KEYS.facetSearch}=; max-age=0; path=/`;
});

describe('the facet search picker in the top bar', () => {
  it('keeps the chosen expedition in the cookie, tells the server, and hides forms of other expeditions', async () => {
    const fetchMock = mockFacetApi();
    const answerGlobal = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(requestUrl(input), 'http://localhost/');
      if (url.pathname === '/api/v1/global') {
        const program = url.searchParams.get('name') === 'ProjectProgram';
        const { body } = program
          ? list([{ id: 1, program: 'GFP' }])
          : list([
              { id: 11, exp_acronym: 'GFORM', program_id: 1 },
              { id: 12, exp_acronym: 'OTHER', program_id: 1 },
            ]);
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      }
      if (!answerGlobal) throw new Error('no mock');
      return answerGlobal(input, init);
    });
    renderApp('/settings', { user: ADMIN });
    const nav = await screen.findByRole('navigation', { name: 'main navigation' });
    expect(await within(nav).findByRole('link', { name: 'Cuttings' })).toBeTruthy();

    await userEvent.click(await screen.findByRole('button', { name: 'Facet search' }));
    const picker = await screen.findByRole('dialog', { name: 'Facet search' });
    await userEvent.click(within(picker).getByLabelText('Expedition'));
    await userEvent.click(await screen.findByRole('option', { name: 'OTHER' }));

    expect(readFacetSearch()).toEqual({ program: [], expedition: [12] });
    await userEvent.click(within(picker).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(within(nav).queryByRole('link', { name: 'Cuttings' })).toBeNull());
    expect(within(nav).getByRole('link', { name: 'Storage' })).toBeTruthy();
    const posted = fetchMock.mock.calls.find(([input]) => requestUrl(input).endsWith('app/set-facet-values'));
    const body = posted?.[1]?.body;
    expect(typeof body === 'string' ? JSON.parse(body) : null).toEqual({
      facetSearch: { program: [], expedition: [12] },
    });
    expect(screen.getByRole('button', { name: 'Facet search' }).textContent).toContain('OTHER');
  }, 15_000);
});
