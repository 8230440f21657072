import { isReadOnly } from '@mdis/shared';
import { useSessionContext } from '../../../platform/session/SessionContext';

/**
 * Whether the signed-in user may write posts and messages of the day: a read-only user (the
 * default user among them) may not, so the composer is not offered. The server still decides.
 */
export function useMayWrite(): boolean {
  const { user } = useSessionContext();
  return user !== null && !isReadOnly(user.roles);
}
