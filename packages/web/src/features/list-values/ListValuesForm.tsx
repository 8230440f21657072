import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { hasRole, isReadOnly, LIST_VALUE_UI_MESSAGES, UPLOAD_FILE_TYPE_LIST, type ListValue } from '@mdis/shared';
import { useNotifications } from '../../platform/notifications/NotificationsContext';
import { useSessionContext } from '../../platform/session/SessionContext';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { PageLoading } from '../../ui/PageLoading';
import { ListItemEditor } from './ListItemEditor';
import { ListItemsTable } from './ListItemsTable';
import { ListOptions } from './ListOptions';
import { listValueKeys, listValuesApi } from './listValues.api';

export const UPLOAD_FILE_TYPE_NOTICE =
  "Please be aware that the value in the 'Abbreviation' field in this list will be used as a subdirectory name " +
  'when assigning files. Use only valid characters (a-z, A-Z, _, -) without spaces. Every name should be unique.';

/** A failed load shows the original's message ('unable to load list items', …) once, as a warning (spec 1 §8). */
function useWarnOnError(isError: boolean, message: string) {
  const { warn } = useNotifications();
  useEffect(() => {
    if (isError) warn(message);
  }, [isError, message, warn]);
}

/** Deletes an item; `onSettled` runs after success and failure alike (the dialog closes). */
function useDeleteListItem(listname: string, onDeleted: (item: ListValue) => void, onSettled: () => void) {
  const queryClient = useQueryClient();
  const { notify, warn } = useNotifications();
  return useMutation({
    mutationFn: (item: ListValue) => listValuesApi.remove(item.id),
    onSuccess: (_result, item) => {
      notify('deleted successfully', 'success');
      onDeleted(item);
      void queryClient.invalidateQueries({ queryKey: listValueKeys.items(listname) });
    },
    onError: () => warn(LIST_VALUE_UI_MESSAGES.delete),
    onSettled,
  });
}

/**
 * The list values form (spec 1 §2): every item of one list sorted by sort, create/edit/delete,
 * the lock and the list uri. Operators edit unlocked lists; a locked list only an administrator.
 * The server enforces the same rules; the disabled controls spare the user a refusal.
 */
export function ListValuesForm({ listname }: { listname: string }) {
  const roles = useSessionContext().user?.roles ?? [];
  const isAdministrator = hasRole(roles, 'administrator');
  const items = useQuery({ queryKey: listValueKeys.items(listname), queryFn: () => listValuesApi.items(listname) });
  const info = useQuery({ queryKey: listValueKeys.info(listname), queryFn: () => listValuesApi.info(listname) });
  useWarnOnError(items.isError, LIST_VALUE_UI_MESSAGES.loadItems);
  useWarnOnError(info.isError, LIST_VALUE_UI_MESSAGES.loadInfo);
  const canEditList =
    hasRole(roles, 'operator') && !isReadOnly(roles) && (isAdministrator || info.data?.is_locked === false);

  // The editor is keyed by the item and a counter, so saving or cancelling starts a fresh one.
  const [editing, setEditing] = useState<{ item: ListValue | null; round: number }>({ item: null, round: 0 });
  const resetEditor = () => setEditing((current) => ({ item: null, round: current.round + 1 }));
  const [toDelete, setToDelete] = useState<ListValue | null>(null);
  const remove = useDeleteListItem(
    listname,
    (item) => editing.item?.id === item.id && resetEditor(),
    () => setToDelete(null),
  );

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <ListItemEditor
          key={`${editing.item?.id ?? 'new'}-${editing.round}`}
          listname={listname}
          item={editing.item}
          disabled={!canEditList}
          onDone={resetEditor}
        />
      </Paper>
      {info.data && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <ListOptions
            key={info.data.list_uri ?? ''}
            info={info.data}
            isAdministrator={isAdministrator}
            canEditList={canEditList}
          />
        </Paper>
      )}
      {listname === UPLOAD_FILE_TYPE_LIST && <Alert severity="info">{UPLOAD_FILE_TYPE_NOTICE}</Alert>}
      {items.isPending && <PageLoading />}
      {items.data && (
        <ListItemsTable
          listname={listname}
          items={items.data}
          readOnly={!canEditList}
          onEdit={(item) => setEditing((current) => ({ item, round: current.round + 1 }))}
          onDelete={setToDelete}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete Item"
        message={`Are you sure you want to delete item ${toDelete?.display ?? ''}?`}
        busy={remove.isPending}
        onConfirm={() => toDelete && remove.mutate(toDelete)}
        onCancel={() => setToDelete(null)}
      />
    </Stack>
  );
}
