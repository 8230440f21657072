import { useEffect, useRef, useState, type RefObject } from 'react';

// The browser's own Shape Detection API: no decoder library is installed, and this one needs none.
interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect: (source: HTMLVideoElement) => Promise<DetectedBarcode[]>;
}
type BarcodeDetectorConstructor = new () => BarcodeDetectorLike;

/** How often a video frame is handed to the detector. */
export const CAMERA_SCAN_INTERVAL_MS = 250;
export const CAMERA_START_FAILED = 'The camera could not be started.';

function barcodeDetector(): BarcodeDetectorConstructor | undefined {
  return (window as unknown as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
}

/**
 * Camera scanning is offered only where the browser decodes QR codes and barcodes itself
 * (BarcodeDetector: Chromium on Android, macOS and ChromeOS) and a camera can be asked for.
 */
export function cameraScanSupported(): boolean {
  return barcodeDetector() !== undefined && 'mediaDevices' in navigator;
}

export interface CameraScan {
  videoRef: RefObject<HTMLVideoElement | null>;
  active: boolean;
  error: string | null;
  start: () => void;
  stop: () => void;
}

/** Streams the rear camera into `videoRef` and reports the first code it reads; the camera stops then. */
export function useCameraScan(onCode: (code: string) => void): CameraScan {
  const videoRef = useRef<HTMLVideoElement>(null);
  const onCodeRef = useRef(onCode);
  const [active, setActive] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);

  useEffect(() => {
    const Detector = barcodeDetector();
    if (!active || !Detector) return;
    const detector = new Detector();
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    const readFrame = async (video: HTMLVideoElement) => {
      const value = (await detector.detect(video).catch(() => []))[0]?.rawValue.trim();
      if (!value || stopped) return;
      stopped = true;
      setActive(false);
      onCodeRef.current(value);
    };
    const begin = async () => {
      const media = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
      // Closed while the browser asked for permission: give the camera back at once.
      if (stopped) {
        media.getTracks().forEach((track) => track.stop());
        return;
      }
      stream = media;
      const video = videoRef.current;
      if (!video) return;
      video.srcObject = stream;
      await video.play();
      timer = setInterval(() => void readFrame(video), CAMERA_SCAN_INTERVAL_MS);
    };
    begin().catch(() => {
      setError(CAMERA_START_FAILED);
      setActive(false);
    });
    return () => {
      stopped = true;
      clearInterval(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [active]);

  return {
    videoRef,
    active,
    error,
    start: () => {
      setError(null);
      setActive(true);
    },
    stop: () => setActive(false),
  };
}
