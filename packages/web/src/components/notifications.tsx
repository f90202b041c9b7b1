import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { SNACKBAR_LONG_MS, SNACKBAR_LONG_TEXT, SNACKBAR_MS } from '@footfall/domain';

/** 4000 ms, or 10000 ms when the text is longer than 100 characters (spec section 9). */
export function snackbarDuration(text: string): number {
  return text.length > SNACKBAR_LONG_TEXT ? SNACKBAR_LONG_MS : SNACKBAR_MS;
}

interface Notice {
  id: number;
  message: string;
  severity: AlertColor;
}
type Notify = (message: string, severity?: AlertColor) => void;
const NotifyContext = createContext<Notify>(() => undefined);

/** The notification bar of every layout: one message at a time, newest wins. */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const [open, setOpen] = useState(false);
  const notify = useCallback<Notify>((message, severity = 'info') => {
    setNotice({ id: Date.now(), message, severity });
    setOpen(true);
  }, []);
  const value = useMemo(() => notify, [notify]);
  return (
    <NotifyContext.Provider value={value}>
      {children}
      <Snackbar
        key={notice?.id}
        open={open}
        autoHideDuration={notice ? snackbarDuration(notice.message) : SNACKBAR_MS}
        onClose={(_e, reason) => reason !== 'clickaway' && setOpen(false)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          variant="filled"
          severity={notice?.severity ?? 'info'}
          onClose={() => setOpen(false)}
          sx={{ minWidth: 280, boxShadow: 6 }}
        >
          {notice?.message}
        </Alert>
      </Snackbar>
    </NotifyContext.Provider>
  );
}

export const useNotify = () => useContext(NotifyContext);
