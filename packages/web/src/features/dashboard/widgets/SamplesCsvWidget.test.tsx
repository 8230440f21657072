import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN, fetchedUrls, mockApi, shellAnswers, type MockAnswer } from '../../../test/mockApi';
import { renderDashboard, testWidget } from '../test/renderDashboard';

const CSV = 'id,combined_id\n1,5091_1_A_1_S1\n';

function serve(download: MockAnswer) {
  return mockApi({
    ...shellAnswers(ADMIN),
    'GET widgets': {
      status: 200,
      body: { items: [testWidget(8, { type: 'SamplesCsvWidget', title: 'Samples CSV' })], _meta: { totalCount: 1 } },
    },
    'GET widgets/download-samples-as-csv': download,
  });
}

async function openWidget() {
  renderDashboard(ADMIN);
  return screen.findByRole('form', { name: 'Samples CSV form' });
}

/** Captures what the widget hands to the browser as a download. */
function captureDownloads() {
  const saved: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${String(blobs.size)}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) saved.push({ name: this.download, blob });
  });
  return saved;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('samples CSV widget', () => {
  it("requires Request Number and Request Part ('This is required') and sends nothing", async () => {
    const fetchMock = serve({ status: 200, body: CSV });
    const form = await openWidget();
    await userEvent.click(within(form).getByRole('button', { name: 'Download CSV' }));
    expect(within(form).getAllByText('This is required')).toHaveLength(2);
    fireEvent.change(within(form).getByLabelText(/Request Number/), { target: { value: '3' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Download CSV' }));
    expect(within(form).getAllByText('This is required')).toHaveLength(1);
    expect(fetchedUrls(fetchMock).filter((url) => url.includes('download-samples'))).toEqual([]);
  });

  it('downloads samples_{requestNo}_{requestPart}.csv with the CSV text of the server', async () => {
    const saved = captureDownloads();
    const fetchMock = serve({ status: 200, body: CSV });
    const form = await openWidget();
    fireEvent.change(within(form).getByLabelText(/Request Number/), { target: { value: '3' } });
    fireEvent.change(within(form).getByLabelText(/Request Part/), { target: { value: 'A' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('samples_3_A.csv');
    expect(await saved[0]?.blob.text()).toBe(CSV);
    expect(fetchedUrls(fetchMock)).toContain('api/v1/widgets/download-samples-as-csv?requestNo=3&requestPart=A');
  });

  it("shows the server's message in a warning dialog (not a snackbar) when the request does not exist", async () => {
    const saved = captureDownloads();
    serve({
      status: 422,
      body: [{ field: 'requestNo', message: 'Sample request 9 part Z does not exist.' }],
    });
    const form = await openWidget();
    fireEvent.change(within(form).getByLabelText(/Request Number/), { target: { value: '9' } });
    fireEvent.change(within(form).getByLabelText(/Request Part/), { target: { value: 'Z' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Download CSV' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Warning' });
    expect(within(dialog).getByText('Sample request 9 part Z does not exist.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(saved).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });
});
