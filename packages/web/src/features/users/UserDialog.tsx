import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { User, UserCreate, UserUpdate } from '@mdis/shared';
import { UserActiveField, UserRolesField } from './UserRoleFields';
import { PASSWORD_HINT, type UserFormValues } from './userForm.schema';
import { useUserDialogForm } from './useUserDialogForm';
import { DialogHeader } from '../../ui/DialogHeader';

export const UNCONFIRMED_HINT =
  'This account was never confirmed (moved from mDIS v3 unconfirmed). Activating it confirms it.';

type TextFieldName = keyof Omit<UserFormValues, 'roles' | 'active'>;

export interface UserDialogProps {
  open: boolean;
  /** The user to edit; none: a new user. Remount (key) the dialog to start afresh. */
  user?: User;
  onSubmit: (body: UserCreate | UserUpdate) => Promise<unknown>;
  onClose: () => void;
}

export function UserDialog({ open, user, onSubmit, onClose }: UserDialogProps) {
  const { mode, form, submit, failure } = useUserDialogForm(user, onSubmit);
  const { register, control, formState } = form;
  const { errors } = formState;
  const fieldProps = (name: TextFieldName, hint?: string) => ({
    ...register(name),
    error: Boolean(errors[name]),
    helperText: errors[name]?.message ?? hint,
  });

  const passwordHint = mode === 'edit' ? `leave empty to keep; ${PASSWORD_HINT}` : PASSWORD_HINT;
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="user-dialog-title" maxWidth="sm" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogHeader id="user-dialog-title" onClose={onClose}>
          {mode === 'create' ? 'New user' : 'Edit user'}
        </DialogHeader>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField label="Username" required {...fieldProps('username')} />
            <TextField label="Email" type="email" required {...fieldProps('email')} />
            <TextField label="Name" {...fieldProps('name')} />
            <TextField
              label="Password"
              type="password"
              autoComplete="new-password"
              required={mode === 'create'}
              {...fieldProps('password', passwordHint)}
            />
            <UserRolesField control={control} errors={errors} />
            <TextField
              label="Permissions"
              multiline
              minRows={2}
              {...fieldProps(
                'permissionsText',
                'One per line: form-core:edit, form-*:view, or records:5065_1:view (limited to a combined id prefix)',
              )}
            />
            {user && !user.confirmed && <Alert severity="info">{UNCONFIRMED_HINT}</Alert>}
            <UserActiveField control={control} />
            {failure && <Alert severity="warning">{failure}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
