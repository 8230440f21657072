import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { changePasswordSchema, type ChangePasswordBody } from '@mdis/shared';
import { PasswordField } from '../auth/PasswordField';
import { accountApi } from './account.api';
import { applyServerErrors } from './serverFieldErrors';

const EMPTY: ChangePasswordBody = { oldPassword: '', newPassword: '', newPasswordConfirmation: '' };
const FIELDS = ['oldPassword', 'newPassword', 'newPasswordConfirmation'] as const;

/** Old password, new password and its confirmation (`POST api/v1/account/change-password`). */
export function ChangePasswordForm({ disabled = false }: { disabled?: boolean }) {
  const [summary, setSummary] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordBody>({ resolver: zodResolver(changePasswordSchema), defaultValues: EMPTY });

  const submit = handleSubmit(async (values) => {
    setSummary(null);
    try {
      const { message } = await accountApi.changePassword(values);
      reset(EMPTY);
      setSummary({ severity: 'success', text: message });
    } catch (error) {
      const rest = applyServerErrors(error, FIELDS, setError);
      if (rest) setSummary({ severity: 'error', text: rest });
    }
  });

  const field = (name: (typeof FIELDS)[number], label: string, autoComplete: string) => (
    <PasswordField
      label={label}
      autoComplete={autoComplete}
      fullWidth
      {...register(name)}
      error={Boolean(errors[name])}
      helperText={errors[name]?.message}
    />
  );

  return (
    <form onSubmit={submit} noValidate aria-label="change password">
      <Stack spacing={2}>
        {field('oldPassword', 'Old password', 'current-password')}
        {field('newPassword', 'New password', 'new-password')}
        {field('newPasswordConfirmation', 'Confirm new password', 'new-password')}
        {summary && <Alert severity={summary.severity}>{summary.text}</Alert>}
        <Button type="submit" variant="contained" disabled={disabled || isSubmitting} sx={{ alignSelf: 'flex-start' }}>
          Change Password
        </Button>
      </Stack>
    </form>
  );
}
