import Alert from '@mui/material/Alert';
import type { FieldError } from './types';

export interface ServerErrorSummaryProps {
  errors: readonly FieldError[];
  onDismiss?: () => void;
}

/** The 422 answer of the last save as a dismissible list of 'field: message' (spec 1 §5). */
export function ServerErrorSummary({ errors, onDismiss }: ServerErrorSummaryProps) {
  if (errors.length === 0) return null;
  return (
    <Alert severity="error" onClose={onDismiss} aria-label="Server validation errors" sx={{ mb: 2 }}>
      <ul style={{ margin: 0, paddingLeft: '1.2em' }}>
        {errors.map((error, index) => (
          <li key={`${error.field}-${String(index)}`}>{`${error.field}: ${error.message}`}</li>
        ))}
      </ul>
    </Alert>
  );
}
