import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { ADMIN } from '../../test/mockApi';
import { renderApp } from '../../test/renderApp';
import { CORE_FORM, calls, core, listBody, mockFormApi } from '../../engine/form-screen/test/fixtures';

const location = () => screen.getByTestId('location').textContent;
const coreTemplate = { 'GET cg/api/get-form-template': { status: 200, body: CORE_FORM } };

describe('the smart form route {formName} (spec 1 §2)', () => {
  it('loads the template named by the route and shows its records', async () => {
    const fetchMock = mockFormApi(ADMIN, () => ({ status: 200, body: listBody([core(1), core(2)]) }), coreTemplate);
    renderApp('/core?filter=expedition:1,site:3,hole:7', { user: ADMIN });
    expect(await screen.findByRole('table', { name: 'core records' })).toBeTruthy();
    await waitFor(() => expect(document.querySelector('tr[data-record-id="2"]')).not.toBeNull());
    expect(calls(fetchMock)).toContain('GET cg/api/get-form-template?name=core');
  });

  it('sends the former /smart-forms/{formName}/{id} address to /{formName}/{id}', async () => {
    mockFormApi(ADMIN, () => ({ status: 200, body: listBody([core(1)]) }), {
      ...coreTemplate,
      'GET form/1': { status: 200, body: core(1) },
    });
    renderApp('/smart-forms/core/1?filter=expedition:1,site:3,hole:7', { user: ADMIN });
    await waitFor(() => expect(location()).toMatch(/^\/core\/1\?filter=/));
    expect(await screen.findByRole('table', { name: 'core records' })).toBeTruthy();
  });

  it('shows the 404 page for a name the server has no template for', async () => {
    mockFormApi(ADMIN, () => ({ status: 200, body: listBody([]) }), {
      'GET cg/api/get-form-template': { status: 404, body: { message: 'Form template not found' } },
    });
    renderApp('/no-such-form', { user: ADMIN });
    expect(await screen.findByRole('heading', { name: 'HTTP Error 404' })).toBeTruthy();
  });
});
