import { z } from 'zod';
import { isStrongPassword, PASSWORD_MAX_LENGTH } from '../domain/password.ts';
import { SIGN_IN_USER_NAME_MAX_LENGTH } from '../domain/sign-in.ts';
import { permissionNames, roles } from '../permissions.ts';
import { epochSeconds, publicKey, textInput } from './common.ts';

export const role = z.enum(roles);
export const permission = z.enum(permissionNames);
export const userStatus = z.enum(['active', 'disabled', 'archived']);

export const strongPassword = textInput()
  .min(1)
  .max(PASSWORD_MAX_LENGTH)
  .refine(isStrongPassword, { params: { messageKey: 'password' } });

export const loginBody = z.strictObject({
  userName: textInput().trim().min(1).max(SIGN_IN_USER_NAME_MAX_LENGTH),
  password: textInput().min(1).max(PASSWORD_MAX_LENGTH),
});
export type LoginBody = z.infer<typeof loginBody>;

export const tokens = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  /** Seconds until the access token expires. */
  expires_in: z.number().int(),
});
export type Tokens = z.infer<typeof tokens>;

export const renewBody = z.strictObject({ refresh_token: textInput().min(1).max(200) });

export const changePasswordBody = z
  .strictObject({
    oldPassword: textInput().min(1).max(PASSWORD_MAX_LENGTH),
    newPassword: strongPassword,
    confirmPassword: textInput().min(1).max(PASSWORD_MAX_LENGTH),
  })
  .refine((b) => b.newPassword === b.confirmPassword, {
    path: ['confirmPassword'],
    params: { messageKey: 'sameAsPassword' },
  });
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** The signed-in user as the browser keeps it (SPEC §3 User, plus what it may do). */
export const currentUser = z.object({
  publicKey,
  fullName: z.string(),
  nickName: z.string().nullable(),
  userName: z.string(),
  role,
  baseType: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  emailAddress: z.string().nullable(),
  consultant: publicKey.nullable(),
  isAdmin: z.boolean(),
  imageUrl: z.string().nullable(),
  createMoment: epochSeconds,
  status: userStatus,
  permissions: z.array(permission),
  lastLogin: epochSeconds.nullable(),
});
export type CurrentUser = z.infer<typeof currentUser>;

export const isAdminResponse = z.object({ isAdmin: z.boolean() });

export const permissionsPerRoleQuery = z.strictObject({ role: role.optional() });
export const permissionsPerRole = z.record(z.string(), z.array(permission));
