import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ACCOUNT_MESSAGES, accountProfileSchema, type AccountProfile, type AuthUser } from '@mdis/shared';
import { accountApi } from './account.api';
import { applyServerErrors } from './serverFieldErrors';

export interface ProfileFormProps {
  user: AuthUser;
  onSaved: (user: AuthUser) => void;
  disabled?: boolean;
}

/** Name and Email of the signed-in user (`PUT api/v1/account`). */
export function ProfileForm({ user, onSaved, disabled = false }: ProfileFormProps) {
  const [summary, setSummary] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AccountProfile>({
    resolver: zodResolver(accountProfileSchema),
    defaultValues: { name: user.profile.name, email: user.profile.email || user.email },
  });

  const submit = handleSubmit(async (values) => {
    setSummary(null);
    try {
      onSaved(await accountApi.updateProfile(values));
      setSummary({ severity: 'success', text: ACCOUNT_MESSAGES.profileSaved });
    } catch (error) {
      const rest = applyServerErrors(error, ['name', 'email'], setError);
      if (rest) setSummary({ severity: 'error', text: rest });
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="profile">
      <Stack spacing={2}>
        <TextField
          label="Name"
          fullWidth
          {...register('name')}
          error={Boolean(errors.name)}
          helperText={errors.name?.message}
        />
        <TextField
          label="Email"
          type="email"
          fullWidth
          {...register('email')}
          error={Boolean(errors.email)}
          helperText={errors.email?.message}
        />
        {summary && <Alert severity={summary.severity}>{summary.text}</Alert>}
        <Button type="submit" variant="contained" disabled={disabled || isSubmitting} sx={{ alignSelf: 'flex-start' }}>
          Save Profile
        </Button>
      </Stack>
    </form>
  );
}
