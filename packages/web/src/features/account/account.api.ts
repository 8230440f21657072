import type { AccountProfile, AuthUser, ChangePasswordBody } from '@mdis/shared';
import { api } from '../../platform/api/apiClient';

export const accountApi = {
  updateProfile: (profile: AccountProfile) => api.put<AuthUser>('account', profile),
  changePassword: (body: ChangePasswordBody) => api.post<{ message: string }>('account/change-password', body),
};
