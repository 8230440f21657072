import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';

export interface InitErrorAlertProps {
  message: string;
}

export function InitErrorAlert({ message }: InitErrorAlertProps) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={() => window.location.reload()}>
          Retry
        </Button>
      }
    >
      <AlertTitle>Error initializing</AlertTitle>
      The application configuration could not be loaded ({message}). Please check that the server is running and look
      into the server log for details.
    </Alert>
  );
}
