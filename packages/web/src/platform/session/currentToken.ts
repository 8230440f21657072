import { api } from '../api/apiClient';

// The token of the signed-in user, outside React so the API client can read it at any time.
let token: string | null = null;

export function setCurrentToken(next: string | null): void {
  token = next;
}

/** The token requests are sent with now (a prefetch checks it is still the one it started with). */
export function currentToken(): string | null {
  return token;
}

api.configure({ getToken: () => token });
