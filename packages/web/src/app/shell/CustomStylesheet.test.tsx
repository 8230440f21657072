import { describe, expect, it } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { AppProviders } from '../providers/AppProviders';
import { mockApi } from '../../test/mockApi';
import { CUSTOM_STYLESHEET_HREF, CustomStylesheet } from './CustomStylesheet';

const customLink = () => document.head.querySelector(`link[href="${CUSTOM_STYLESHEET_HREF}"]`);

describe('custom stylesheet', () => {
  it('is linked last in <head> when useCustomScss is on', async () => {
    mockApi({ 'GET app/config': { status: 200, body: { useCustomScss: true } } });
    const { unmount } = render(
      <AppProviders>
        <CustomStylesheet />
      </AppProviders>,
    );
    await waitFor(() => expect(customLink()).not.toBeNull());
    expect(document.head.lastElementChild).toBe(customLink());
    unmount();
    expect(customLink()).toBeNull();
  });

  it('is not linked by default', async () => {
    const fetchMock = mockApi({ 'GET app/config': { status: 200, body: {} } });
    render(
      <AppProviders>
        <CustomStylesheet />
      </AppProviders>,
    );
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(customLink()).toBeNull();
  });
});
