import type { AuthUser, OAuthCallback, OAuthConfig } from '@mdis/shared';
import { api } from '../../platform/api/apiClient';

const silent = { silentUnauthorized: true };

export const oauthKeys = { config: () => ['auth', 'oauth2-config'] as const };

export const oauthApi = {
  config: () => api.post<OAuthConfig>('auth/get-o-auth-2-config', {}, silent),
  finish: (callback: OAuthCallback) => api.post<AuthUser>('auth/handle-successful-o-auth', callback, silent),
};
