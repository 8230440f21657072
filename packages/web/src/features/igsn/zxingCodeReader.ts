import { BrowserMultiFormatReader } from '@zxing/browser';
import { CAMERA_SCAN_INTERVAL_MS, type CodeReader } from './codeReaders';

/** zxing reading frames of a video the caller already plays (it owns the camera stream, too). */
export function zxingCodeReader(): CodeReader {
  const reader = new BrowserMultiFormatReader(undefined, { delayBetweenScanAttempts: CAMERA_SCAN_INTERVAL_MS });
  return {
    start: (video, onValue) => {
      const controls = reader.scan(video, (result) => {
        const value = result?.getText().trim();
        if (value) onValue(value);
      });
      return () => controls.stop();
    },
  };
}
