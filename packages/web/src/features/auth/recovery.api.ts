import type { RecoveryLink, ResetPasswordBody } from '@mdis/shared';
import { api } from '../../platform/api/apiClient';

// Whoever uses these has no session: a 401 must not sign anybody out.
const silent = { silentUnauthorized: true };

export const recoveryApi = {
  sendRecoveryEmail: (email: string) => api.post<{ message: string }>('auth/send-recovery-email', { email }, silent),
  checkRecoveryLink: (link: RecoveryLink) =>
    api.post<{ valid: true; username: string }>('auth/check-recovery-link', link, silent),
  resetPassword: (body: ResetPasswordBody) => api.post<{ message: string }>('auth/reset-password', body, silent),
};
