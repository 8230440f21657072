import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { errorMessage, isApiError } from '../../platform/api/ApiError';
import { loginFormSchema, type LoginFormValues } from './login.schema';
import { PasswordField } from './PasswordField';

export interface LoginFormProps {
  onSubmit: (values: LoginFormValues) => Promise<unknown>;
}

/** Username / Email and Password; a 422 lists its messages under the password field. */
export function LoginForm({ onSubmit }: LoginFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginFormValues>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { username: '', password: '' },
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit(values);
    } catch (error) {
      if (isApiError(error) && error.status === 422 && error.fieldErrors.length > 0) {
        setError('password', { type: 'server', message: error.fieldErrors.map((f) => f.message).join(' ') });
      } else {
        setFailure(errorMessage(error));
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack spacing={2}>
        <TextField
          label="Username / Email"
          autoComplete="username"
          autoFocus
          fullWidth
          {...register('username')}
          error={Boolean(errors.username)}
          helperText={errors.username?.message}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          fullWidth
          {...register('password')}
          error={Boolean(errors.password)}
          helperText={errors.password?.message}
        />
        {failure && <Alert severity="error">{failure}</Alert>}
        <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
          Log In
        </Button>
      </Stack>
    </form>
  );
}
