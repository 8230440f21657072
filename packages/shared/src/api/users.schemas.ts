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
  created_at: z.string(),
  updated_at: z.string(),
  last_login_at: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

export const userCreateSchema = z.object({
  username: z
    .string()
    .trim()
    .min(3, 'Username should contain at least 3 characters.')
    .max(255)
    .regex(USERNAME_PATTERN, 'Username may contain letters, digits and - _ . @ only.'),
  email: z.string().trim().email('Email is not a valid email address.').max(255),
  name: z.string().trim().max(255).default(''),
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Password should contain at least ${PASSWORD_MIN_LENGTH} characters.`)
    .max(1024),
  roles: roles.default([]),
  permissions: permissions.default([]),
  active: z.boolean().default(true),
});
export type UserCreate = z.infer<typeof userCreateSchema>;

export const userUpdateSchema = userCreateSchema.partial();
export type UserUpdate = z.infer<typeof userUpdateSchema>;

export const USER_MESSAGES = {
  notFound: 'User not found.',
  lastAdministrator: 'The last active administrator cannot be deleted, deactivated or demoted.',
  usernameTaken: 'This username has already been taken.',
  emailTaken: 'This email address has already been taken.',
  deleteSelf: 'You cannot delete your own account.',
} as const;
