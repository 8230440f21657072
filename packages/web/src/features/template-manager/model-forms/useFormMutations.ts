import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../platform/api/ApiError';
import { useNotifications } from '../../../platform/notifications/NotificationsContext';
import { useSessionContext } from '../../../platform/session/SessionContext';
import { appKeys } from '../../../platform/api/app.api';
import { saveBlob, templateManagerApi, templateManagerKeys } from '../templateManager.api';

/** The summary (tiles) and the forms menu follow every change of a form template. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: templateManagerKeys.summary() });
    void queryClient.invalidateQueries({ queryKey: appKeys.forms() });
  };
}

export function useDeleteForm(onSettled: () => void) {
  const refresh = useRefresh();
  const { notify, warn } = useNotifications();
  return useMutation({
    mutationFn: (name: string) => templateManagerApi.deleteForm(name),
    onSuccess: () => {
      notify('form was deleted successfully', 'success');
      refresh();
    },
    onError: (error) => warn(`unable to delete: ${errorMessage(error)}`),
    onSettled,
  });
}

export function useDuplicateForm(onSuccess: () => void) {
  const refresh = useRefresh();
  const { notify } = useNotifications();
  return useMutation({
    mutationFn: ({ name, newName }: { name: string; newName: string }) =>
      templateManagerApi.duplicateForm(name, newName),
    onSuccess: () => {
      notify('form was duplicated successfully', 'success');
      refresh();
      onSuccess();
    },
  });
}

export function useRenameForm(onSuccess: () => void) {
  const refresh = useRefresh();
  const { notify } = useNotifications();
  return useMutation({
    mutationFn: ({ name, newName }: { name: string; newName: string }) => templateManagerApi.renameForm(name, newName),
    onSuccess: () => {
      notify('form was renamed successfully', 'success');
      refresh();
      onSuccess();
    },
  });
}

/** Download errors are only logged (spec 3 §8). */
export function useDownloadForm() {
  const token = useSessionContext().user?.token;
  return (name: string) =>
    templateManagerApi
      .downloadForm(name, token)
      .then((blob) => saveBlob(blob, `${name}.zip`))
      .catch((error: unknown) => console.error('template download failed', error));
}
