import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../platform/api/ApiError';
import { afterLoginPath } from '../../platform/routing/redirect';
import { useSessionContext } from '../../platform/session/SessionContext';
import { oauthApi } from './oauth.api';
import { OAUTH_STATE_MESSAGE, readOAuthReturn, takePendingOAuth } from './oauthFlow';

/**
 * Finishes an OAuth2 login when the provider has sent the browser back (`?code=&state=` before the
 * hash): checks the state, hands the code and the PKCE verifier to the server, signs the user in.
 */
export function useOAuthReturn(): { busy: boolean; error: string | null } {
  const { acceptUser } = useSessionContext();
  const navigate = useNavigate();
  const [answer] = useState(() => readOAuthReturn(window.location.search));
  const [busy, setBusy] = useState(answer !== null);
  const [error, setError] = useState<string | null>(null);
  // The code is good for one exchange: React's development double effects must not spend it twice.
  const handled = useRef(false);

  useEffect(() => {
    if (!answer || handled.current) return;
    handled.current = true;
    // The code leaves the address bar at once: it must not stay in the history.
    window.history.replaceState(null, '', window.location.pathname + window.location.hash);
    const pending = takePendingOAuth(answer.state);
    const finish = async () => {
      if (answer.error) throw new Error(answer.error);
      if (!pending || !answer.code) throw new Error(OAUTH_STATE_MESSAGE);
      const user = await oauthApi.finish({
        code: answer.code,
        codeVerifier: pending.verifier,
        ...(answer.state ? { state: answer.state } : {}),
        ...(answer.iss ? { iss: answer.iss } : {}),
      });
      acceptUser(user);
      await navigate(afterLoginPath(pending.redirect), { replace: true });
    };
    finish()
      .catch((caught: unknown) => {
        setError(errorMessage(caught));
      })
      .finally(() => {
        setBusy(false);
      });
  }, [answer, acceptUser, navigate]);

  return { busy, error };
}
