import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { appKeys } from '../../../platform/api/app.api';
import { authApi } from '../../../platform/session/auth.api';
import { useSessionContext } from '../../../platform/session/SessionContext';
import { recordKeys } from '../../../engine/api/records.api';
import { formStorageKey } from '../../../engine/storage/formStorage';
import { templateManagerKeys } from '../templateManager.api';

/**
 * After a form template changed: what the client cached of the form goes, and the forms menu and
 * the template manager's lists reload. After generation (`full`) the form's stored list state goes
 * too, and the user is refreshed, so new permission strings arrive (spec 3 §4).
 */
export function useFormCacheRefresh() {
  const queryClient = useQueryClient();
  const { acceptUser } = useSessionContext();
  return useCallback(
    async (formName: string, full = false) => {
      queryClient.removeQueries({ queryKey: recordKeys.formTemplate(formName) });
      queryClient.removeQueries({ queryKey: recordKeys.form(formName) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: appKeys.forms() }),
        queryClient.invalidateQueries({ queryKey: templateManagerKeys.summary() }),
        queryClient.invalidateQueries({ queryKey: templateManagerKeys.formTemplate(formName) }),
      ]);
      if (!full) return;
      localStorage.removeItem(formStorageKey(formName));
      const user = await authApi.refresh().catch(() => null);
      if (user) acceptUser(user);
    },
    [queryClient, acceptUser],
  );
}
