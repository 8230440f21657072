import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { downloadExport, fileNameOf } from './exportDownload';
import { ExportProgressBar } from './ExportProgressBar';

/** A streamed answer whose second half arrives only when `release` is called. */
function streamedAnswer(headers: Record<string, string>) {
  let release = () => {};
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(new TextEncoder().encode('id,name\r\n'.padEnd(600_000, 'x')));
      await new Promise<void>((resolve) => (release = resolve));
      controller.enqueue(new TextEncoder().encode('1,a\r\n'));
      controller.close();
    },
  });
  return { response: new Response(body, { status: 200, headers }), release: () => release() };
}

afterEach(() => vi.unstubAllGlobals());

describe('list exports download in the page with their progress', () => {
  it('shows the records and the bytes received while the file arrives, then saves it under its name', async () => {
    const { response, release } = streamedAnswer({
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="CurationSample-2026-11-26.csv"',
      'x-total-count': '1000000',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(response)),
    );
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    render(<ExportProgressBar />);
    let done: Promise<void> = Promise.resolve();
    act(() => {
      done = downloadExport('/report/ListCsv?form=sample', 'Export records as CSV file');
    });
    const status = await screen.findByText(/1,000,000 records, 0\.6 MB received/);
    expect(status.textContent).toContain('Export records as CSV file');
    await act(async () => {
      release();
      await done;
    });
    expect(saved).toEqual(['CurationSample-2026-11-26.csv']);
    expect(screen.queryByRole('status', { name: 'Export progress' })).toBeNull();
    click.mockRestore();
  });

  it("rejects with the server's message when the export is refused", async () => {
    const refusal = { name: 'Forbidden', message: 'You are not allowed to perform this action.', status: 403 };
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify(refusal), { status: 403 }))),
    );
    await expect(downloadExport('/report/ListCsv?form=sample', 'CSV')).rejects.toThrow(refusal.message);
  });

  it('takes the file name from content-disposition', () => {
    expect(fileNameOf('attachment; filename="a-b.xlsx"', 'export')).toBe('a-b.xlsx');
    expect(fileNameOf(null, 'export')).toBe('export');
  });
});
