import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import type { FieldError } from '@mdis/shared';

/** A refused save (422): every {field, message} of the server's list, until dismissed (spec 3 §8). */
export function ErrorSummary({ errors, onDismiss }: { errors: readonly FieldError[]; onDismiss: () => void }) {
  if (errors.length === 0) return null;
  return (
    <Alert severity="error" onClose={onDismiss} aria-label="error summary">
      <AlertTitle>The template was not saved</AlertTitle>
      <ul style={{ margin: 0, paddingLeft: '1.2em' }}>
        {errors.map((error, i) => (
          // the same field may be listed with several messages
          <li key={`${error.field}-${String(i)}`}>
            <strong>{error.field}</strong>: {error.message}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
