import type { AuthUser, User, UserCreate } from '@mdis/shared';

// Seeding through the API: faster and steadier than clicking, for data a test only needs to exist.

async function call<T>(baseUrl: string, method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export function apiLogin(baseUrl: string, username: string, password: string): Promise<AuthUser> {
  return call<AuthUser>(baseUrl, 'POST', '/auth/login', { username, password });
}

export function apiCreateUser(baseUrl: string, token: string, user: Partial<UserCreate>): Promise<User> {
  return call<User>(baseUrl, 'POST', '/users', user, token);
}
