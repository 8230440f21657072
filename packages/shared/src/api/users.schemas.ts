import { z } from 'zod';
import { isPermission } from '../auth/permissions';
import { ROLES } from '../auth/roles';

export const USERNAME_PATTERN = /^[-a-zA-Z0-9_.@]+$/;
export const PASSWORD_MIN_LENGTH = 8;

const roles = z.array(z.enum(ROLES));
const permissions = z.array(
  z.string().refine(isPermission, { message: 'Permissions look like form-{name}:view or form-{name}:edit.' }),
);

/** A user as the administrator sees it (never the password). */
export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  name: z.string(),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  active: z.boolean(),
  /** False for an account moved from mDIS v3 unconfirmed: activating it confirms it. */
  confirmed: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  last_login_at: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

// The fields without defaults: the update schema must not invent values for absent fields
// (zod 4 applies a `.default()` even inside `.partial()`).
const userFields = {
  username: z
    .string()
    .trim()
    .min(3, 'Username should contain at least 3 characters.')
    .max(255)
    .regex(USERNAME_PATTERN, 'Username may contain letters, digits and - _ . @ only.'),
  email: z.string().trim().max(255).pipe(z.email('Email is not a valid email address.')),
  name: z.string().trim().max(255),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Password should contain at least ${PASSWORD_MIN_LENGTH} characters.`)
    .max(1024),
  roles,
  permissions,
  active: z.boolean(),
};

export const userCreateSchema = z.object({
  ...userFields,
  name: userFields.name.default(''),
  roles: roles.default([]),
  permissions: permissions.default([]),
  active: userFields.active.default(true),
});
export type UserCreate = z.infer<typeof userCreateSchema>;

/**
 * Every field optional; an absent field is left unchanged. An absent or empty password keeps the
 * old one (the edit form's "leave empty to keep").
 */
export const userUpdateSchema = z
  .object({
    ...userFields,
    password: z
      .literal('')
      .transform(() => undefined)
      .or(userFields.password),
  })
  .partial();
export type UserUpdate = z.infer<typeof userUpdateSchema>;

export const USER_MESSAGES = {
  notFound: 'User not found.',
  lastAdministrator: 'The last active administrator cannot be deleted, deactivated or demoted.',
  usernameTaken: 'This username has already been taken.',
  emailTaken: 'This email address has already been taken.',
  deleteSelf: 'You cannot delete your own account.',
} as const;
