import { useState } from 'react';
import { useParams, Link as RouterLink } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { REQUIRED_MESSAGE } from '@mdis/shared';
import { errorMessage, isApiError } from '../../platform/api/ApiError';
import { PageHeading } from '../../ui/PageHeading';
import { PasswordField } from './PasswordField';
import { recoveryApi } from './recovery.api';

const resetFormSchema = z.object({ password: z.string().min(1, REQUIRED_MESSAGE) });
type ResetFormValues = z.infer<typeof resetFormSchema>;

const loginLink = (
  <Link component={RouterLink} to="/login">
    Go to login
  </Link>
);

function NewPasswordForm({ userId, code, onDone }: { userId: number; code: string; onDone: (text: string) => void }) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetFormValues>({ resolver: zodResolver(resetFormSchema), defaultValues: { password: '' } });
  const submit = handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      onDone((await recoveryApi.resetPassword({ userId, code, password })).message);
    } catch (error) {
      if (isApiError(error) && error.status === 422 && error.fieldErrors.length > 0) {
        setError('password', { type: 'server', message: error.fieldErrors.map((f) => f.message).join(' ') });
      } else setFailure(errorMessage(error));
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack spacing={2}>
        <PasswordField
          label="New password"
          autoComplete="new-password"
          autoFocus
          fullWidth
          {...register('password')}
          error={Boolean(errors.password)}
          helperText={errors.password?.message}
        />
        {failure && <Alert severity="error">{failure}</Alert>}
        <Button type="submit" variant="contained" disabled={isSubmitting}>
          Reset password
        </Button>
      </Stack>
    </form>
  );
}

/** `/reset-password/{userId}/{code}`: checking → form or 'Not Valid' → success (spec 2 §2, §4). */
export function ResetPasswordPage() {
  const params = useParams();
  const userId = Number(params.userId);
  const code = params.code ?? '';
  const [doneText, setDoneText] = useState<string | null>(null);
  const check = useQuery({
    queryKey: ['auth', 'recovery-link', userId, code],
    queryFn: () => recoveryApi.checkRecoveryLink({ userId, code }),
    retry: false,
    // A link is checked on each visit: an answer kept from an earlier visit in this tab would show the
    // form of a link used meanwhile.
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
  });

  let content;
  if (doneText) {
    content = (
      <Alert severity="success">
        {doneText} {loginLink}
      </Alert>
    );
  } else if (check.isPending || check.isFetching) {
    content = (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <CircularProgress size={24} />
        <Typography>Checking the link…</Typography>
      </Stack>
    );
  } else if (check.isError) {
    content = (
      <Stack spacing={1}>
        <Typography variant="h6" color="error">
          Not Valid
        </Typography>
        <Typography color="text.secondary">{errorMessage(check.error)}</Typography>
        {loginLink}
      </Stack>
    );
  } else {
    content = (
      <Stack spacing={2}>
        <Typography>
          Choose a new password for <strong>{check.data.username}</strong>.
        </Typography>
        <NewPasswordForm userId={userId} code={code} onDone={setDoneText} />
      </Stack>
    );
  }

  return (
    <>
      <PageHeading title="Reset password" />
      <Card sx={{ maxWidth: 480 }}>
        <CardContent>{content}</CardContent>
      </Card>
    </>
  );
}
