import type { AuthUser, LoginBody } from '@mdis/shared';
import { api } from '../api/apiClient';

// Auth calls never sign the user out through the global 401 handler: their callers decide.
const silent = { silentUnauthorized: true };

export const authApi = {
  login: (body: LoginBody) => api.post<AuthUser>('auth/login', body, silent),
  loginDefaultUser: () => api.post<AuthUser>('auth/login-default-user', {}, silent),
  refresh: () => api.get<AuthUser>('auth/refresh', undefined, silent),
  logout: () => api.post<undefined>('auth/logout', {}, silent),
};
