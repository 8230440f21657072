import { z } from 'zod';
import {
  HIERARCHICAL_ROLES,
  PASSWORD_MIN_LENGTH,
  REQUIRED_MESSAGE,
  ROLES,
  userCreateSchema,
  type FieldError,
  type User,
  type UserCreate,
  type UserUpdate,
} from '@mdis/shared';

export type UserDialogMode = 'create' | 'edit';

const required = z.string().trim().min(1, REQUIRED_MESSAGE);
const { username, email, password, permissions } = userCreateSchema.shape;

/** The dialog's schema: the shared create rules, 'This is required' for empty fields, password optional on edit. */
export function userFormSchema(mode: UserDialogMode) {
  return z
    .object({
      username: required.pipe(username),
      email: required.pipe(email),
      name: z.string().trim().max(255),
      password: mode === 'create' ? z.string().min(1, REQUIRED_MESSAGE).pipe(password) : z.string(),
      roles: z.array(z.enum(ROLES)),
      permissionsText: z.string(),
      active: z.boolean(),
    })
    .superRefine((values, ctx) => {
      if (mode === 'edit' && values.password) {
        const result = password.safeParse(values.password);
        if (!result.success)
          ctx.addIssue({ code: 'custom', path: ['password'], message: result.error.issues[0]?.message ?? '' });
      }
      const result = permissions.safeParse(splitPermissions(values.permissionsText));
      if (!result.success) {
        ctx.addIssue({ code: 'custom', path: ['permissionsText'], message: result.error.issues[0]?.message ?? '' });
      }
    });
}

export type UserFormSchema = ReturnType<typeof userFormSchema>;
export type UserFormValues = z.input<UserFormSchema>;

export function splitPermissions(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((p) => p.trim())
    .filter(Boolean);
}

export function userFormDefaults(user?: User): UserFormValues {
  return {
    username: user?.username ?? '',
    email: user?.email ?? '',
    name: user?.name ?? '',
    password: '',
    roles: (user?.roles ?? ['viewer']).filter((r): r is UserFormValues['roles'][number] =>
      (ROLES as readonly string[]).includes(r),
    ),
    permissionsText: (user?.permissions ?? []).join('\n'),
    active: user?.active ?? true,
  };
}

/** The roles to store: a hierarchical role already includes those below it, so only the highest is kept. */
export function minimalRoles<R extends string>(roles: readonly R[]): R[] {
  const highest = [...HIERARCHICAL_ROLES].reverse().find((role) => (roles as readonly string[]).includes(role));
  return roles.filter((role) => !(HIERARCHICAL_ROLES as readonly string[]).includes(role) || role === highest);
}

/** The request body; on edit an empty password keeps the old one. */
export function toUserPayload(values: z.output<UserFormSchema>, mode: UserDialogMode): UserCreate | UserUpdate {
  const body: UserUpdate = {
    username: values.username,
    email: values.email,
    name: values.name,
    roles: minimalRoles(values.roles),
    permissions: splitPermissions(values.permissionsText),
    active: values.active,
  };
  if (mode === 'create' || values.password) body.password = values.password;
  return body;
}

export const PASSWORD_HINT = `at least ${PASSWORD_MIN_LENGTH} characters`;

const FORM_FIELDS = ['username', 'email', 'name', 'password', 'roles', 'active'] as const;
type FormField = (typeof FORM_FIELDS)[number] | 'permissionsText';

/** Maps a 422 field of the API onto the dialog field that shows it (undefined: no such field). */
export function formFieldOf(error: FieldError): FormField | undefined {
  if (error.field === 'permissions' || error.field.startsWith('permissions.')) return 'permissionsText';
  const base = error.field.split('.')[0] ?? '';
  return (FORM_FIELDS as readonly string[]).includes(base) ? (base as FormField) : undefined;
}
