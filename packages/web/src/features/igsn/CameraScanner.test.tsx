import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN, fetchedUrls, mockApi, shellAnswers } from '../../test/mockApi';
import { CodeScannerDialog, SCANNER_BLUR_CLOSE_MS } from './CodeScannerDialog';
import { renderAtRoute } from './test/renderAtRoute';
import type { CodeReader } from './codeReaders';

// The zxing module boundary: the tests decide what the lazily imported decoder does.
const zxing = vi.hoisted(() => ({ load: vi.fn<() => CodeReader>() }));
vi.mock('./zxingCodeReader', () => ({ zxingCodeReader: () => zxing.load() }));

const FORMS = { Core: [{ key: 'core', label: 'Core', dataModel: 'CoreCore', module: 'Core' }] };
const CORE_MATCH = { id: 12, data_model: 'CoreCore', info: '5065_1_A_001', filter: { hole: 3 } };

/** The browser boundary: a camera stream (and, unless `native` is false, a BarcodeDetector reading `frames`). */
function stubCamera(frames: string[][], failure?: Error, native = true) {
  const stop = vi.fn();
  const stream = new MediaStream();
  Object.defineProperty(stream, 'getTracks', { value: () => [{ stop }] });
  const getUserMedia = vi.fn(() => (failure ? Promise.reject(failure) : Promise.resolve(stream)));
  let frame = 0;
  class FakeBarcodeDetector {
    detect() {
      const values = frames[Math.min(frame++, frames.length - 1)] ?? [];
      return Promise.resolve(values.map((rawValue) => ({ rawValue })));
    }
  }
  if (native) vi.stubGlobal('BarcodeDetector', FakeBarcodeDetector);
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  return { getUserMedia, stop };
}

function renderScanner() {
  const fetchMock = mockApi({
    ...shellAnswers(ADMIN),
    'GET app/forms': { status: 200, body: FORMS },
    'GET app/find-igsn/ICDP5065EC01': { status: 200, body: [CORE_MATCH] },
  });
  const onClose = vi.fn();
  renderAtRoute(<CodeScannerDialog open onClose={onClose} />, '/');
  return { fetchMock, onClose };
}

/** A zxing reader that reads `value` from the video on its second frame. */
function fakeZxingReader(value: string) {
  const stopReading = vi.fn();
  const start = vi.fn((_video: HTMLVideoElement, onValue: (value: string) => void) => {
    setTimeout(() => onValue(value), 50);
    return stopReading;
  });
  zxing.load.mockReturnValue({ start });
  return { start, stopReading };
}

afterEach(() => {
  zxing.load.mockReset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('camera scanning in the code scanner dialog', () => {
  it('is not offered where no camera can be asked for, and says the input still works', () => {
    renderScanner();
    expect(screen.getByLabelText('Enter (or scan) igsn code')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Scan with camera' })).toBeNull();
    expect(screen.getByText('No camera can be used here: type the code or use a hand-held scanner.')).toBeTruthy();
  });

  it('reads a code from the rear camera, searches it, opens the record and gives the camera back', async () => {
    const camera = stubCamera([[], ['ICDP5065EC01']]);
    const { fetchMock, onClose } = renderScanner();
    await userEvent.click(screen.getByRole('button', { name: 'Scan with camera' }));
    expect(await screen.findByLabelText('camera preview')).toBeTruthy();
    expect(camera.getUserMedia).toHaveBeenCalledWith({ video: { facingMode: 'environment' } });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/forms/core-form/12?filter=hole%3A3'));
    expect(fetchedUrls(fetchMock)).toContain('api/v1/app/find-igsn/ICDP5065EC01');
    expect(onClose).toHaveBeenCalled();
    expect(camera.stop).toHaveBeenCalled();
    expect(zxing.load).not.toHaveBeenCalled();
  });

  it('falls back to zxing where the browser has no BarcodeDetector, and stops both on a find', async () => {
    const camera = stubCamera([], undefined, false);
    const reader = fakeZxingReader('ICDP5065EC01');
    const { fetchMock, onClose } = renderScanner();
    await userEvent.click(screen.getByRole('button', { name: 'Scan with camera' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/forms/core-form/12?filter=hole%3A3'));
    expect(zxing.load).toHaveBeenCalledTimes(1);
    expect(reader.start.mock.calls[0]?.[0]).toBeInstanceOf(HTMLVideoElement);
    expect(fetchedUrls(fetchMock)).toContain('api/v1/app/find-igsn/ICDP5065EC01');
    expect(onClose).toHaveBeenCalled();
    expect(reader.stopReading).toHaveBeenCalled();
    expect(camera.stop).toHaveBeenCalled();
  });

  it('stops the zxing reader and the camera when the camera is stopped by hand', async () => {
    const camera = stubCamera([], undefined, false);
    const reader = fakeZxingReader('');
    renderScanner();
    await userEvent.click(screen.getByRole('button', { name: 'Scan with camera' }));
    await waitFor(() => expect(reader.start).toHaveBeenCalled());
    await userEvent.click(screen.getByRole('button', { name: 'Stop camera' }));
    expect(reader.stopReading).toHaveBeenCalled();
    expect(camera.stop).toHaveBeenCalled();
  });

  it('says so when the zxing reader cannot be loaded, asks for no camera, and the typed code still works', async () => {
    const camera = stubCamera([], undefined, false);
    zxing.load.mockImplementation(() => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    const { fetchMock } = renderScanner();
    await userEvent.click(screen.getByRole('button', { name: 'Scan with camera' }));
    expect(
      await screen.findByText('The code reader could not be loaded: type the code or use a hand-held scanner.'),
    ).toBeTruthy();
    expect(camera.getUserMedia).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Scan with camera' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Enter (or scan) igsn code'), 'ICDP5065EC01{Enter}');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/forms/core-form/12?filter=hole%3A3'));
    expect(fetchedUrls(fetchMock)).toContain('api/v1/app/find-igsn/ICDP5065EC01');
  });

  it('stays open while the camera is used instead of the input', async () => {
    stubCamera([[]]);
    const { onClose } = renderScanner();
    await userEvent.click(screen.getByRole('button', { name: 'Scan with camera' }));
    await new Promise((resolve) => setTimeout(resolve, SCANNER_BLUR_CLOSE_MS + 100));
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Stop camera' }));
    expect(screen.getByRole('button', { name: 'Scan with camera' })).toBeTruthy();
  });

  it('says so when the camera cannot be started', async () => {
    stubCamera([[]], new Error('NotAllowedError'));
    renderScanner();
    await userEvent.click(screen.getByRole('button', { name: 'Scan with camera' }));
    expect(await screen.findByText('The camera could not be started.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Scan with camera' })).toBeTruthy();
  });
});
