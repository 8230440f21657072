import { useState, type SyntheticEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { LIST_VALUE_UI_MESSAGES, listValueCreateSchema, type ListValue } from '@mdis/shared';
import { isApiError } from '../../platform/api/ApiError';
import { useNotifications } from '../../platform/notifications/NotificationsContext';
import { listValueKeys, listValuesApi, type ListItemInput } from './listValues.api';

export interface ListItemEditorProps {
  listname: string;
  /** The item being edited; none: a new item. The parent keys this component by it. */
  item: ListValue | null;
  disabled: boolean;
  /** Saved or cancelled: the parent goes back to a new item. */
  onDone: () => void;
}

type FieldErrors = Partial<Record<string, string>>;
const EDITED_FIELDS = ['sort', 'display', 'remark'];

function initialInput(listname: string, item: ListValue | null): ListItemInput {
  return { listname, sort: String(item?.sort ?? 0), display: item?.display ?? '', remark: item?.remark ?? '' };
}

/** The shared rules first (the exact server messages), so a typo costs no round trip. */
function clientErrors(input: ListItemInput): FieldErrors {
  const result = listValueCreateSchema.safeParse(input);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

/** Saves the item; a 422 puts the server's messages at their fields, anything else warns. */
function useSaveListItem(
  listname: string,
  item: ListValue | null,
  onDone: () => void,
  setErrors: (e: FieldErrors) => void,
) {
  const queryClient = useQueryClient();
  const { notify, warn } = useNotifications();
  return useMutation({
    mutationFn: (body: ListItemInput) => (item ? listValuesApi.update(item.id, body) : listValuesApi.create(body)),
    onSuccess: () => {
      notify(item ? 'updated successfully' : 'created successfully', 'success');
      void queryClient.invalidateQueries({ queryKey: listValueKeys.items(listname) });
      onDone();
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 422) {
        setErrors(Object.fromEntries(error.fieldErrors.map((f) => [f.field, f.message])));
      } else warn(item ? LIST_VALUE_UI_MESSAGES.edit : LIST_VALUE_UI_MESSAGES.create);
    },
  });
}

/** Create or edit one item: Sort Index, Abbreviation (display) and Description (remark). */
export function ListItemEditor({ listname, item, disabled, onDone }: ListItemEditorProps) {
  const [input, setInput] = useState(() => initialInput(listname, item));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveListItem(listname, item, onDone, setErrors);

  const handleSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    const found = clientErrors(input);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate(input);
  };
  const field = (name: 'sort' | 'display' | 'remark', label: string) => (
    <TextField
      label={label}
      value={input[name]}
      onChange={(event) => setInput((current) => ({ ...current, [name]: event.target.value }))}
      error={errors[name] !== undefined}
      helperText={errors[name]}
      disabled={disabled}
      size="small"
    />
  );
  const otherErrors = Object.entries(errors).filter(([name]) => !EDITED_FIELDS.includes(name));

  return (
    <Box component="form" noValidate onSubmit={handleSubmit} aria-label={item ? 'edit item' : 'new item'}>
      {otherErrors.map(([name, message]) => (
        <Alert key={name} severity="error" sx={{ mb: 1 }}>
          {message}
        </Alert>
      ))}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        {field('sort', 'Sort Index')}
        {field('display', 'Abbreviation')}
        {field('remark', 'Description')}
        <Button
          type="submit"
          variant="contained"
          color={item ? 'success' : 'primary'}
          disabled={disabled || save.isPending}
        >
          {item ? 'Save' : 'Create'}
        </Button>
        <Button color="error" onClick={onDone} disabled={disabled || save.isPending}>
          Cancel
        </Button>
      </Stack>
    </Box>
  );
}
