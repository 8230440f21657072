import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { errorMessage } from '../../platform/api/ApiError';
import { oauthApi, oauthKeys } from './oauth.api';
import { startOAuthLogin } from './oauthFlow';

export interface OAuthLoginButtonProps {
  /** Where to go after the login (the login page's redirect query). */
  redirect: string | null;
}

/** Sends the browser to the OAuth2 provider; a config failure shows the server message and disables it. */
export function OAuthLoginButton({ redirect }: OAuthLoginButtonProps) {
  const config = useQuery({ queryKey: oauthKeys.config(), queryFn: oauthApi.config, retry: false, staleTime: 60_000 });
  const [failure, setFailure] = useState<string | null>(null);

  const handleClick = async () => {
    if (!config.data) return;
    setFailure(null);
    try {
      window.location.assign(await startOAuthLogin(config.data, redirect));
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  const problem = config.isError ? errorMessage(config.error) : failure;
  return (
    <Stack spacing={1}>
      <Button variant="outlined" disabled={!config.data || config.isError} onClick={() => void handleClick()}>
        {config.data?.frontendButtonText ?? 'Login with OAuth2'}
      </Button>
      {problem && <Alert severity="error">{problem}</Alert>}
    </Stack>
  );
}
