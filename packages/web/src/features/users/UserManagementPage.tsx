import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/PersonAdd';
import type { User, UserCreate, UserUpdate } from '@mdis/shared';
import { errorMessage } from '../../platform/api/ApiError';
import { useNotifications } from '../../platform/notifications/NotificationsContext';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { PageHeading } from '../../ui/PageHeading';
import { PageLoading } from '../../ui/PageLoading';
import { UserDialog } from './UserDialog';
import { UsersTable } from './UsersTable';
import { userKeys, usersApi } from './users.api';

type DialogState = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; user: User };

export function UserManagementPage() {
  const queryClient = useQueryClient();
  const { notify, warn } = useNotifications();
  const [dialog, setDialog] = useState<DialogState>({ mode: 'closed' });
  const [toDelete, setToDelete] = useState<User | null>(null);
  const users = useQuery({ queryKey: userKeys.list(), queryFn: usersApi.list });
  const invalidate = () => queryClient.invalidateQueries({ queryKey: userKeys.all });

  const save = useMutation({
    mutationFn: (body: UserCreate | UserUpdate) =>
      dialog.mode === 'edit' ? usersApi.update(dialog.user.id, body) : usersApi.create(body as UserCreate),
    onSuccess: () => {
      notify(dialog.mode === 'edit' ? 'updated successfully' : 'created successfully', 'success');
      setDialog({ mode: 'closed' });
      void invalidate();
    },
  });
  const remove = useMutation({
    mutationFn: (user: User) => usersApi.remove(user.id),
    onSuccess: () => {
      notify('deleted successfully', 'success');
      void invalidate();
    },
    // 409 (the last administrator, oneself) and everything else: the server's message as a warning.
    onError: (error) => warn(errorMessage(error)),
    onSettled: () => setToDelete(null),
  });

  return (
    <>
      <PageHeading
        title="User Management"
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ mode: 'create' })}>
            New user
          </Button>
        }
      />
      {users.isPending && <PageLoading />}
      {users.isError && <Alert severity="error">{users.error.message}</Alert>}
      {users.isSuccess && (
        <UsersTable users={users.data} onEdit={(user) => setDialog({ mode: 'edit', user })} onDelete={setToDelete} />
      )}
      <UserDialog
        key={dialog.mode === 'edit' ? `edit-${dialog.user.id}` : dialog.mode}
        open={dialog.mode !== 'closed'}
        user={dialog.mode === 'edit' ? dialog.user : undefined}
        onSubmit={save.mutateAsync}
        onClose={() => setDialog({ mode: 'closed' })}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete user"
        message={`Delete the user "${toDelete?.username ?? ''}"? This action cannot be reverted. Are you sure?`}
        busy={remove.isPending}
        onConfirm={() => toDelete && remove.mutate(toDelete)}
        onCancel={() => setToDelete(null)}
      />
    </>
  );
}
