import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import StopIcon from '@mui/icons-material/Stop';
import { CAMERA_UNAVAILABLE, cameraScanSupported, useCameraScan } from './useCameraScan';

export interface CameraScannerProps {
  /** A code read from the camera; scanning has stopped by then. */
  onCode: (code: string) => void;
  /** The camera stopped (a code, a failure or Stop): its button was replaced, so focus must go somewhere. */
  onStopped?: () => void;
}

/** 'Scan with camera' where a camera can be asked for; a note that the input still works where not. */
export function CameraScanner({ onCode, onStopped }: CameraScannerProps) {
  const { videoRef, active, error, start, stop } = useCameraScan(onCode);
  const wasActive = useRef(false);
  useEffect(() => {
    if (wasActive.current && !active) onStopped?.();
    wasActive.current = active;
  }, [active, onStopped]);
  if (!cameraScanSupported()) {
    return (
      <Typography sx={{ mt: 2 }} color="text.secondary" variant="body2">
        {CAMERA_UNAVAILABLE}
      </Typography>
    );
  }
  return (
    <Box sx={{ mt: 2 }}>
      {active ? (
        <>
          <Box
            component="video"
            ref={videoRef}
            muted
            playsInline
            aria-label="camera preview"
            sx={{ width: '100%', maxHeight: 320, bgcolor: 'black' }}
          />
          <Button startIcon={<StopIcon />} onClick={stop}>
            Stop camera
          </Button>
        </>
      ) : (
        <Button startIcon={<PhotoCameraIcon />} onClick={start}>
          Scan with camera
        </Button>
      )}
      {error && (
        <Typography color="error" variant="body2">
          {error}
        </Typography>
      )}
    </Box>
  );
}
