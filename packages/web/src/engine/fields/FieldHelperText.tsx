import Box from '@mui/material/Box';

export interface FieldHelperTextProps {
  message?: string;
  counter?: string;
}

/** The line under a field: its message on the left, the string max counter on the right. */
export function FieldHelperText({ message, counter }: FieldHelperTextProps) {
  if (!message && !counter) return null;
  return (
    <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
      <span>{message}</span>
      {counter && <span data-counter>{counter}</span>}
    </Box>
  );
}
