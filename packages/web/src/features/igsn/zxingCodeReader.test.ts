import { describe, expect, it } from 'vitest';

describe('the zxing code reader', () => {
  // happy-dom has no camera and no 2D canvas, so decoding a real frame is left to a real browser.
  it('loads the real @zxing/browser module and offers a reader', async () => {
    const { zxingCodeReader } = await import('./zxingCodeReader');
    expect(typeof zxingCodeReader().start).toBe('function');
  });
});
