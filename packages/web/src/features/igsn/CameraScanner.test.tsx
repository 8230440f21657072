import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN, fetchedUrls, mockApi, shellAnswers } from '../../test/mockApi';
import { CodeScannerDialog, SCANNER_BLUR_CLOSE_MS } from './CodeScannerDialog';
import { renderAtRoute } from './renderAtRoute';

const FORMS = { Core: [{ key: 'core', label: 'Core', dataModel: 'CoreCore', module: 'Core' }] };
const CORE_MATCH = { id: 12, data_model: 'CoreCore', info: '5065_1_A_001', filter: { hole: 3 } };

/** The browser boundary: a camera stream and the native BarcodeDetector reading `frames` in turn. */
function stubCamera(frames: string[][], failure?: Error) {
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
  vi.stubGlobal('BarcodeDetector', FakeBarcodeDetector);
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

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('camera scanning in the code scanner dialog', () => {
  it('is not offered where the browser cannot decode codes', () => {
    renderScanner();
    expect(screen.getByLabelText('Enter (or scan) igsn code')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Scan with camera' })).toBeNull();
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
