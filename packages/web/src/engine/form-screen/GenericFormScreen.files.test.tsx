import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN, VIEWER } from '../../test/mockApi';
import { calls, core, listBody, mockFormApi, renderScreen } from './test/fixtures';

const HOLE = { expedition: 1, site: 3, hole: 7 };
const cores = () => ({ status: 200, body: listBody([core(1, { site_id: 3, expedition_id: 1 }), core(2)]) });
const toolbar = () => screen.getByRole('toolbar', { name: 'Record actions' });

describe("the generic form's files buttons", { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it("counts the record's files with one id-only call and lists them in the files window, keeping this one", async () => {
    const fetchMock = mockFormApi(ADMIN, cores, {
      'GET form/1': { status: 200, body: core(1, { site_id: 3, expedition_id: 1 }) },
      'GET file': { status: 200, body: listBody([{ id: 40 }, { id: 41 }]) },
    });
    const open = vi.fn();
    vi.stubGlobal('open', open);
    renderScreen({ user: ADMIN, route: { filter: HOLE, id: 1 } });
    const before = screen.getByTestId('location').textContent;
    const showFiles = await within(toolbar()).findByRole('button', { name: 'show files (2)' });
    expect(calls(fetchMock).filter((call) => call.startsWith('GET file'))).toEqual([
      'GET file?page=-1&fields=id&filter[core_id]=1',
    ]);
    await userEvent.click(showFiles);
    const [address, name] = open.mock.calls[0] as [string, string];
    expect(name).toBe('files-window');
    expect(decodeURIComponent(address.split('#')[1] ?? '')).toBe(
      '/forms/files-form?filter=expedition:1,site:3,hole:7,core:1',
    );
    expect(screen.getByTestId('location').textContent).toBe(before);
  });

  it("opens the upload window named files-upload-window with the record's filter", async () => {
    mockFormApi(ADMIN, cores, {
      'GET form/1': { status: 200, body: core(1, { site_id: 3, expedition_id: 1 }) },
      'GET file': { status: 200, body: listBody([]) },
    });
    const open = vi.fn();
    vi.stubGlobal('open', open);
    renderScreen({ user: ADMIN, route: { filter: HOLE, id: 1 } });
    await within(toolbar()).findByRole('button', { name: 'show files (0)' });
    await userEvent.click(within(toolbar()).getByRole('button', { name: 'upload files' }));
    const [address, name] = open.mock.calls[0] as [string, string];
    expect(name).toBe('files-upload-window');
    expect(decodeURIComponent(address.split('#')[1] ?? '')).toBe(
      '/files-upload?filter=expedition:1,site:3,hole:7,core:1',
    );
  });

  it('offers a viewer the files but not the upload', async () => {
    mockFormApi(VIEWER, cores, {
      'GET form/1': { status: 200, body: core(1) },
      'GET file': { status: 200, body: listBody([{ id: 40 }]) },
    });
    renderScreen({ user: VIEWER, route: { filter: HOLE, id: 1 } });
    await within(toolbar()).findByRole('button', { name: 'show files (1)' });
    expect(within(toolbar()).queryByRole('button', { name: 'upload files' })).toBeNull();
  });
});
