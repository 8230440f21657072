import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { User, UserCreate, UserUpdate } from '@mdis/shared';
import { errorMessage, isApiError } from '../../platform/api/ApiError';
import {
  formFieldOf,
  toUserPayload,
  userFormDefaults,
  userFormSchema,
  type UserDialogMode,
  type UserFormSchema,
  type UserFormValues,
} from './userForm.schema';

/**
 * The dialog's form: validation by the shared rules, and the server's answer mapped back onto
 * it: 422 messages under their fields, anything else (a 409, say) as one warning.
 */
export function useUserDialogForm(
  user: User | undefined,
  onSubmit: (body: UserCreate | UserUpdate) => Promise<unknown>,
) {
  const mode: UserDialogMode = user ? 'edit' : 'create';
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<UserFormValues, unknown, z.output<UserFormSchema>>({
    resolver: zodResolver(userFormSchema(mode)),
    defaultValues: userFormDefaults(user),
  });

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await onSubmit(toUserPayload(values, mode));
    } catch (error) {
      if (!isApiError(error) || error.status !== 422) {
        setFailure(errorMessage(error));
        return;
      }
      const unmapped = error.fieldErrors.filter((fieldError) => {
        const field = formFieldOf(fieldError);
        if (field) form.setError(field, { type: 'server', message: fieldError.message });
        return !field;
      });
      if (unmapped.length) setFailure(unmapped.map((f) => f.message).join(' '));
    }
  });

  return { mode, form, submit, failure };
}
