import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { FieldError, FormTemplate } from '@mdis/shared';
import { errorMessage, isApiError } from '../../../platform/api/ApiError';
import { useNotifications } from '../../../platform/notifications/NotificationsContext';
import { templateManagerApi, type FormTemplateBody } from '../templateManager.api';
import { useFormCacheRefresh } from './useFormCacheRefresh';

export type EditorScenario = 'create' | 'update';

// A failed save's 30 s warning is taken back by the next successful save.
const SAVE_SOURCE = 'form-template-save';

/**
 * create-form or update-form. A 422 becomes the editor's dismissible error summary; any other
 * failure a warning notification (30 s), and the failure is logged (spec 3 §8).
 */
export function useSaveForm(scenario: EditorScenario, storedName: string | undefined) {
  const { notify, warn, settle } = useNotifications();
  const refresh = useFormCacheRefresh();
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const mutation = useMutation({
    mutationFn: (body: FormTemplateBody): Promise<FormTemplate> =>
      scenario === 'create'
        ? templateManagerApi.createForm(body)
        : templateManagerApi.updateForm(storedName ?? '', body),
    onMutate: () => setServerErrors([]),
    onSuccess: (saved) => {
      settle(SAVE_SOURCE);
      notify(scenario === 'create' ? 'created successfully' : 'saved successfully', 'success');
      void refresh(saved.name);
    },
    onError: (error) => {
      console.error('was not able to save the template', error);
      if (isApiError(error) && error.status === 422 && error.fieldErrors.length > 0) setServerErrors(error.fieldErrors);
      else warn(errorMessage(error), SAVE_SOURCE);
    },
  });
  return { mutation, serverErrors, dismissErrors: () => setServerErrors([]) };
}
