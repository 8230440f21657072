import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { ACCOUNT_MESSAGES, RECOVERY_ERROR_KINDS, REQUIRED_MESSAGE } from '@mdis/shared';
import { errorMessage, isApiError } from '../../platform/api/ApiError';
import { recoveryApi } from './recovery.api';
import { isRecoveryBlocked, rememberRecoverySent } from './recoveryBlock';

export interface ForgotPasswordDialogProps {
  open: boolean;
  onClose: () => void;
}

const recoveryFormSchema = z.object({
  email: z.string().trim().min(1, REQUIRED_MESSAGE).pipe(z.email(ACCOUNT_MESSAGES.enterValidEmail)),
});
type RecoveryFormValues = z.infer<typeof recoveryFormSchema>;

const SHOWN_KINDS: readonly string[] = RECOVERY_ERROR_KINDS;

/** The message under the e-mail field for a refused request (spec 2 §8). */
function recoveryErrorText(error: unknown): string | null {
  if (!isApiError(error) || error.status !== 422) return null;
  const known = error.fieldErrors.find((field) => field.kind !== undefined && SHOWN_KINDS.includes(field.kind));
  return known?.message ?? ACCOUNT_MESSAGES.invalidEmail;
}

/** 'Forgot Password': sends the recovery e-mail; then 'sent' for 6 hours (spec 2 §4). */
export function ForgotPasswordDialog({ open, onClose }: ForgotPasswordDialogProps) {
  const [sent, setSent] = useState(false);
  // Sent from this browser less than 6 hours ago: the dialog stays in its 'sent' state.
  const blocked = sent || isRecoveryBlocked();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RecoveryFormValues>({ resolver: zodResolver(recoveryFormSchema), defaultValues: { email: '' } });

  const submit = handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      await recoveryApi.sendRecoveryEmail(email);
      rememberRecoverySent();
      setSent(true);
    } catch (error) {
      const fieldText = recoveryErrorText(error);
      if (fieldText) setError('email', { type: 'server', message: fieldText });
      else setFailure(errorMessage(error));
    }
  });

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="forgot-password-title" fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="forgot-password-title">Forgot Password</DialogTitle>
        <DialogContent>
          {blocked ? (
            <Alert severity="success">{ACCOUNT_MESSAGES.recoverySent}</Alert>
          ) : (
            <>
              <DialogContentText sx={{ mb: 2 }}>Enter the e-mail address of your account.</DialogContentText>
              <TextField
                label="Email"
                type="email"
                autoComplete="email"
                autoFocus
                fullWidth
                {...register('email')}
                error={Boolean(errors.email)}
                helperText={errors.email?.message}
              />
              {failure && <Alert severity="error">{failure}</Alert>}
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Close</Button>
          {!blocked && (
            <Button type="submit" variant="contained" disabled={isSubmitting}>
              Send
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
