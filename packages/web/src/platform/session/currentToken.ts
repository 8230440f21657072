import { api } from '../api/apiClient';
import { dropEarlyRequests } from '../api/earlyRequests';

// The token of the signed-in user, outside React so the API client can read it at any time.
let token: string | null = null;

export function setCurrentToken(next: string | null): void {
  // a sign-out or another user: nothing asked early with the stored token may be used from now on
  if (token !== null && next !== token) dropEarlyRequests();
  token = next;
}

/** The token requests are sent with now (a prefetch checks it is still the one it started with). */
export function currentToken(): string | null {
  return token;
}

api.configure({ getToken: () => token });
