import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import FirstPageIcon from '@mui/icons-material/FirstPage';
import LastPageIcon from '@mui/icons-material/LastPage';
import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';

export type NavigationTarget = 'first' | 'previous' | 'next' | 'last';

interface NavButtonProps {
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}

function NavButton({ label, disabled, onClick, children }: NavButtonProps) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton aria-label={label} size="small" disabled={disabled} onClick={onClick}>
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

export interface RecordNavigationProps {
  disabled: boolean;
  canGoBack: boolean;
  canGoForward: boolean;
  /** 1-based position of the current record among all records, or null when it is not on the page. */
  position: number | null;
  /** Null while the list has not answered yet: the position then says nothing. */
  total: number | null;
  onNavigate: (target: NavigationTarget) => void;
}

/** First / previous / position / next / last record. */
export function RecordNavigation({
  disabled,
  canGoBack,
  canGoForward,
  position,
  total,
  onNavigate,
}: RecordNavigationProps) {
  // one unit: on a narrow screen the whole navigation wraps to its own row, never half of it
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <NavButton label="First record" disabled={disabled || !canGoBack} onClick={() => onNavigate('first')}>
        <FirstPageIcon />
      </NavButton>
      <NavButton label="Previous record" disabled={disabled || !canGoBack} onClick={() => onNavigate('previous')}>
        <NavigateBeforeIcon />
      </NavButton>
      <Typography variant="body2" aria-label="Record position" sx={{ minWidth: 56, textAlign: 'center' }}>
        {total === null ? '' : `${position ?? '-'} / ${total}`}
      </Typography>
      <NavButton label="Next record" disabled={disabled || !canGoForward} onClick={() => onNavigate('next')}>
        <NavigateNextIcon />
      </NavButton>
      <NavButton label="Last record" disabled={disabled || !canGoForward} onClick={() => onNavigate('last')}>
        <LastPageIcon />
      </NavButton>
    </Box>
  );
}
