import { describe, expect, it } from 'vitest';
import { fileQuotaProblem, quotaProblem, sizeText } from './storageQuota';

const storage = (quota: number | undefined, usage: number) => ({ estimate: () => Promise.resolve({ quota, usage }) });

describe('the storage quota before a download', () => {
  it('lets a download through that fits three times over, and says so plainly when it does not', async () => {
    expect(await quotaProblem(1_000_000, storage(10_000_000, 6_000_000))).toBeNull();
    expect(await quotaProblem(2_000_000, storage(10_000_000, 6_000_000))).toBe(
      "Not enough storage in this browser: the download needs about 5.7 MB, 3.8 MB are free. Free space (other sites' data) or choose a smaller scope.",
    );
  });

  it('tries the download when the browser does not tell its quota', async () => {
    expect(await quotaProblem(1e12, storage(undefined, 0))).toBeNull();
    expect(await quotaProblem(1e12, null)).toBeNull();
  });

  it('keeps a photo offline only where its bytes fit, and says which one did not', async () => {
    expect(await fileQuotaProblem('core.jpg', 3_000_000, storage(10_000_000, 6_000_000))).toBeNull();
    expect(await fileQuotaProblem('core.jpg', 5_000_000, storage(10_000_000, 6_000_000))).toBe(
      'Not enough storage in this browser to keep core.jpg (4.8 MB, 3.8 MB free) until the network is back. Free space or upload it when online.',
    );
  });

  it('writes sizes in KB below a megabyte', () => {
    expect([sizeText(10), sizeText(300 * 1024), sizeText(3 * 1024 * 1024)]).toEqual(['1 KB', '300 KB', '3.0 MB']);
  });
});
