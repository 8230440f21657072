import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSessionContext } from '../../platform/session/SessionContext';
import { afterLoginPath } from '../../platform/routing/redirect';
import { ForgotPasswordDialog } from './ForgotPasswordDialog';
import { LoginForm } from './LoginForm';
import type { LoginFormValues } from './login.schema';
import { OAuthLoginButton } from './OAuthLoginButton';
import { useOAuthReturn } from './useOAuthReturn';

export function LoginPage() {
  const { config, login } = useSessionContext();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [forgotOpen, setForgotOpen] = useState(false);
  const oauthReturn = useOAuthReturn();

  const handleLogin = async (values: LoginFormValues) => {
    await login(values);
    await navigate(afterLoginPath(searchParams.get('redirect')), { replace: true });
  };

  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', pt: { xs: 2, sm: 6 } }}>
      <Card sx={{ width: '100%', maxWidth: 420 }}>
        <CardContent>
          <Typography variant="h5" component="h1" gutterBottom>
            Login
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {config.AppName}
          </Typography>
          {oauthReturn.busy && (
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
              <CircularProgress size={20} />
              <Typography>Signing in with OAuth2…</Typography>
            </Stack>
          )}
          {oauthReturn.error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {oauthReturn.error}
            </Alert>
          )}
          <LoginForm onSubmit={handleLogin} />
          {(config.CanSendEmails || config.UseOAuth2) && (
            <Stack spacing={1} sx={{ mt: 2 }}>
              {config.CanSendEmails && (
                <Button variant="text" onClick={() => setForgotOpen(true)}>
                  Forgot Password
                </Button>
              )}
              {config.UseOAuth2 && <OAuthLoginButton redirect={searchParams.get('redirect')} />}
            </Stack>
          )}
        </CardContent>
      </Card>
      <ForgotPasswordDialog open={forgotOpen} onClose={() => setForgotOpen(false)} />
    </Box>
  );
}
