import { useEffect, useRef, useState, type RefObject } from 'react';
import { loadCodeReader, type CodeReader } from './codeReaders';

export { CAMERA_SCAN_INTERVAL_MS } from './codeReaders';
export const CAMERA_START_FAILED = 'The camera could not be started.';
export const CAMERA_READER_FAILED = 'The code reader could not be loaded: type the code or use a hand-held scanner.';
export const CAMERA_UNAVAILABLE = 'No camera can be used here: type the code or use a hand-held scanner.';

/** Camera scanning is offered wherever a camera can be asked for; the decoder is chosen on start. */
export function cameraScanSupported(): boolean {
  return 'mediaDevices' in navigator;
}

export interface CameraScan {
  videoRef: RefObject<HTMLVideoElement | null>;
  active: boolean;
  error: string | null;
  start: () => void;
  stop: () => void;
}

class CameraStartError extends Error {}

async function openRearCamera(): Promise<MediaStream> {
  return navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } }).catch((cause: unknown) => {
    throw new CameraStartError(String(cause));
  });
}

async function play(video: HTMLVideoElement, stream: MediaStream): Promise<void> {
  video.srcObject = stream;
  await video.play().catch((cause: unknown) => {
    throw new CameraStartError(String(cause));
  });
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
    if (!active) return;
    let stream: MediaStream | null = null;
    let stopReading: (() => void) | undefined;
    let stopped = false;
    const found = (value: string) => {
      if (stopped) return;
      stopped = true;
      setActive(false);
      onCodeRef.current(value);
    };
    const begin = async () => {
      // The decoder first: if it cannot be loaded, there is no point asking for the camera.
      const reader = await loadCodeReader();
      const media = await openRearCamera();
      // Closed while the browser asked for permission: give the camera back at once.
      if (stopped) {
        media.getTracks().forEach((track) => track.stop());
        return;
      }
      stream = media;
      const video = videoRef.current;
      if (!video) return;
      await play(video, stream);
      startReading(reader, video);
    };
    // Its own function: `stopped` may have changed while the video started.
    const startReading = (reader: CodeReader, video: HTMLVideoElement) => {
      if (!stopped) stopReading = reader.start(video, found);
    };
    begin().catch((cause: unknown) => {
      if (stopped) return;
      setError(cause instanceof CameraStartError ? CAMERA_START_FAILED : CAMERA_READER_FAILED);
      setActive(false);
    });
    return () => {
      stopped = true;
      stopReading?.();
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
