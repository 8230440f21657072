import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../platform/api/ApiError';
import { useNotifications } from '../../platform/notifications/NotificationsContext';
import { fileKeys, filesApi, type AssignRequest } from './files.api';

export const UPLOADED_FILE_MESSAGES = {
  assigned: (count: number) => `${count} ${count === 1 ? 'file' : 'files'} assigned successfully`,
  deleted: 'deleted successfully',
  cannotDelete: (message: string) => `cannot delete - ${message}`,
  deleteTitle: 'Delete files',
  deleteText: 'Are you sure? this action could not be reverted.',
} as const;

/**
 * Assign and delete for files in the upload area. Either way the files leave the area, and
 * records may count other files now, so both caches are refreshed.
 */
export function useUploadedFileActions(onDone: () => void) {
  const queryClient = useQueryClient();
  const { notify, warn } = useNotifications();
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<unknown>, done: string, failed: (message: string) => string) => {
    setBusy(true);
    try {
      await call();
      notify(done, 'success');
      onDone();
      await queryClient.invalidateQueries({ queryKey: fileKeys.uploaded() });
      await queryClient.invalidateQueries({ queryKey: ['records'] });
    } catch (error) {
      warn(failed(errorMessage(error)));
    } finally {
      setBusy(false);
    }
  };
  return {
    busy,
    assign: (request: AssignRequest) =>
      run(
        () => filesApi.assign(request),
        UPLOADED_FILE_MESSAGES.assigned(request.ids.length),
        (m) => m,
      ),
    remove: (ids: number[]) =>
      run(() => filesApi.remove(ids), UPLOADED_FILE_MESSAGES.deleted, UPLOADED_FILE_MESSAGES.cannotDelete),
  };
}
