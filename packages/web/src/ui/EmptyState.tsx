import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

export interface EmptyStateProps {
  /** What is missing, e.g. 'No posts yet'. */
  title: string;
  /** What to do next, in a sentence. */
  children?: ReactNode;
  /** The control that does it (a button or link), shown under the sentence. */
  action?: ReactNode;
  icon?: ReactNode;
  /** Inside a widget or a card: no frame of its own, less padding. */
  inline?: boolean;
}

/**
 * What every list shows when it has nothing: what is missing, what to do next, and the action that
 * does it, so an empty screen is never a dead end.
 */
export function EmptyState({ title, children, action, icon, inline }: EmptyStateProps) {
  const body = (
    <>
      {icon && <Box sx={{ color: 'text.secondary', mb: 1, '& svg': { fontSize: 40 } }}>{icon}</Box>}
      <Typography variant={inline ? 'subtitle1' : 'h6'} component="p" gutterBottom={Boolean(children)}>
        {title}
      </Typography>
      {children && (
        <Typography variant="body2" color="text.secondary" component="div" sx={{ maxWidth: 480, mx: 'auto' }}>
          {children}
        </Typography>
      )}
      {action && <Box sx={{ mt: 2 }}>{action}</Box>}
    </>
  );
  if (inline) return <Box sx={{ py: 2, px: 1, textAlign: 'center' }}>{body}</Box>;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center', borderStyle: 'dashed' }}>
      {body}
    </Paper>
  );
}
