import { api } from '../api/apiClient';

// The token of the signed-in user, outside React so the API client can read it at any time.
let token: string | null = null;

export function setCurrentToken(next: string | null): void {
  token = next;
}

api.configure({ getToken: () => token });
