import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

export interface EmptyStateProps {
  title: string;
  children?: ReactNode;
  icon?: ReactNode;
}

/** An honest placeholder for what a later issue delivers: says what is missing, fakes nothing. */
export function EmptyState({ title, children, icon }: EmptyStateProps) {
  return (
    <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
      {icon}
      <Typography variant="h6" component="p" gutterBottom>
        {title}
      </Typography>
      {children && (
        <Typography color="text.secondary" component="div">
          {children}
        </Typography>
      )}
    </Paper>
  );
}
