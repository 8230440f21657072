/** How often a video frame is handed to the decoder. */
export const CAMERA_SCAN_INTERVAL_MS = 250;

/** Decodes QR codes and barcodes from a playing video until the returned function is called. */
export interface CodeReader {
  start: (video: HTMLVideoElement, onValue: (value: string) => void) => () => void;
}

// The browser's own Shape Detection API (Chromium on Android, macOS and ChromeOS).
interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect: (source: HTMLVideoElement) => Promise<DetectedBarcode[]>;
}
type BarcodeDetectorConstructor = new () => BarcodeDetectorLike;

function barcodeDetector(): BarcodeDetectorConstructor | undefined {
  return (window as unknown as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
}

function nativeCodeReader(Detector: BarcodeDetectorConstructor): CodeReader {
  const detector = new Detector();
  return {
    start: (video, onValue) => {
      const timer = setInterval(() => {
        void detector
          .detect(video)
          .catch(() => [])
          .then((codes) => {
            const value = codes[0]?.rawValue.trim();
            if (value) onValue(value);
          });
      }, CAMERA_SCAN_INTERVAL_MS);
      return () => clearInterval(timer);
    },
  };
}

/**
 * The native detector where the browser has one (fast, no download); elsewhere (Firefox, desktop
 * Safari) zxing, loaded only now so that its large decoder stays out of the main bundle.
 */
export async function loadCodeReader(): Promise<CodeReader> {
  const Detector = barcodeDetector();
  if (Detector) return nativeCodeReader(Detector);
  const { zxingCodeReader } = await import('./zxingCodeReader');
  return zxingCodeReader();
}
