import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { SNACKBAR_MULTILINE_OVER, SNACKBAR_TIMEOUT_MS, WARNING_TIMEOUT_MS } from '@mdis/shared';

export interface Notification {
  id: number;
  message: string;
  color: AlertColor;
  timeout: number;
  /** The action a warning is about (e.g. 'message-save'); its later success drops the warning. */
  source?: string;
}

interface NotificationsContextValue {
  /** The snackbar: 6000 ms, colour info unless told. */
  notify: (message: string, color?: AlertColor) => void;
  /**
   * A warning notification that stays 30 s (save failures, server messages). `source` names the
   * action it is about, so that action's later success can take it back (`settle`).
   */
  warn: (message: string, source?: string) => void;
  /** `source` succeeded: its warnings still showing or queued no longer hold and go. */
  settle: (source: string) => void;
  /** Drops what is showing and queued: a message for one user must not greet the next one. */
  clear: () => void;
}

const NotificationsContext = createContext<NotificationsContextValue | null>(null);

let nextId = 1;

/** A message with others waiting behind it gives way after this long (MUI's consecutive snackbars). */
export const GIVE_WAY_AFTER_MS = 2000;

export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<Notification[]>([]);
  const push = useCallback((message: string, color: AlertColor, timeout: number, source?: string) => {
    // A new message replaces a confirmation on show or in line ('Record was created successfully'
    // must not wait 2 s behind the previous save's): only warnings are kept until they give way.
    setQueue((q) => [
      ...q.filter((shown) => shown.color === 'warning'),
      { id: nextId++, message, color, timeout, ...(source ? { source } : {}) },
    ]);
  }, []);
  const value = useMemo<NotificationsContextValue>(
    () => ({
      notify: (message, color = 'info') => push(message, color, SNACKBAR_TIMEOUT_MS),
      warn: (message, source) => push(message, 'warning', WARNING_TIMEOUT_MS, source),
      settle: (source) => setQueue((q) => q.filter((n) => n.source !== source)),
      clear: () => setQueue([]),
    }),
    [push],
  );
  const current = queue.at(0);
  const handleClose = (_event?: unknown, reason?: string) => {
    if (reason === 'clickaway') return;
    setQueue((q) => q.slice(1));
  };

  return (
    <NotificationsContext.Provider value={value}>
      {children}
      {current && (
        <Snackbar
          key={current.id}
          open
          autoHideDuration={queue.length > 1 ? Math.min(current.timeout, GIVE_WAY_AFTER_MS) : current.timeout}
          onClose={handleClose}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        >
          <Alert
            variant="filled"
            severity={current.color}
            onClose={handleClose}
            data-multiline={current.message.length > SNACKBAR_MULTILINE_OVER}
            sx={{
              maxWidth: 600,
              whiteSpace: current.message.length > SNACKBAR_MULTILINE_OVER ? 'pre-line' : 'nowrap',
            }}
          >
            {current.message}
          </Alert>
        </Snackbar>
      )}
    </NotificationsContext.Provider>
  );
}

export function useNotifications(): NotificationsContextValue {
  const value = useContext(NotificationsContext);
  if (!value) throw new Error('useNotifications must be used inside NotificationsProvider');
  return value;
}
