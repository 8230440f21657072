import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError, errorMessage } from '../../platform/api/ApiError';
import { useNotifications } from '../../platform/notifications/NotificationsContext';
import { useSessionContext } from '../../platform/session/SessionContext';
import { saveBlob, templateManagerApi, templateManagerKeys } from './templateManager.api';

/** A 422 as spec 3 §8 shows it in duplicate and upload: 'Validation Error' and field: message lines. */
export function failureText(error: unknown, fallback: string): string {
  if (isApiError(error) && error.status === 422 && error.fieldErrors.length > 0)
    return ['Validation Error', ...error.fieldErrors.map((f) => `${f.field}: ${f.message}`)].join('\n');
  return errorMessage(error) || fallback;
}

function useRefreshSummary() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: templateManagerKeys.summary() });
}

export function useDeleteModel(onSettled: () => void) {
  const refresh = useRefreshSummary();
  const { notify, warn } = useNotifications();
  return useMutation({
    mutationFn: ({ name, removeRelations = false }: { name: string; removeRelations?: boolean }) =>
      templateManagerApi.deleteModel(name, removeRelations),
    onSuccess: () => {
      notify('deleted successfully', 'success');
      refresh();
    },
    onError: (error) => warn(`unable to delete: ${errorMessage(error)}`),
    onSettled,
  });
}

export function useDuplicateModel(onSuccess: () => void) {
  const refresh = useRefreshSummary();
  const { notify } = useNotifications();
  return useMutation({
    mutationFn: ({ oldName, newName }: { oldName: string; newName: string }) =>
      templateManagerApi.duplicateModel(oldName, newName),
    onSuccess: () => {
      notify('template was duplicated successfully', 'success');
      refresh();
      onSuccess();
    },
  });
}

export function useUploadTemplate() {
  const refresh = useRefreshSummary();
  const { notify } = useNotifications();
  const token = useSessionContext().user?.token;
  return useMutation({
    mutationFn: ({ file, overwrite = false }: { file: File; overwrite?: boolean }) =>
      templateManagerApi.upload(file, token, overwrite),
    onSuccess: () => {
      notify('template was uploaded successfully', 'success');
      refresh();
    },
  });
}

/** Download errors are only logged (spec 3 §8). */
export function useDownloadModel() {
  const token = useSessionContext().user?.token;
  return (name: string) =>
    templateManagerApi
      .download(name, token)
      .then((blob) => saveBlob(blob, `${name}.zip`))
      .catch((error: unknown) => console.error('template download failed', error));
}
