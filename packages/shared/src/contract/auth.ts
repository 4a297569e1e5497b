import { z } from 'zod';
import {
  changePasswordBody,
  currentUser,
  isAdminResponse,
  loginBody,
  permissionsPerRole,
  permissionsPerRoleQuery,
  renewBody,
  tokens,
} from '../schemas/auth.ts';
import { okResponse } from '../schemas/common.ts';
import { authRoutes } from './auth-routes.ts';
import { defineEndpoint } from './define.ts';

export const authContract = {
  login: defineEndpoint({ ...authRoutes.login, body: loginBody, response: tokens }),
  renew: defineEndpoint({ ...authRoutes.renew, body: renewBody, response: tokens }),
  logout: defineEndpoint({ ...authRoutes.logout, body: z.strictObject({}).nullish(), response: okResponse }),
  getUser: defineEndpoint({ ...authRoutes.getUser, response: currentUser }),
  isAdmin: defineEndpoint({ ...authRoutes.isAdmin, response: isAdminResponse }),
  changePassword: defineEndpoint({
    ...authRoutes.changePassword,
    body: changePasswordBody,
    response: okResponse,
  }),
  permissionsPerRole: defineEndpoint({
    ...authRoutes.permissionsPerRole,
    query: permissionsPerRoleQuery,
    response: permissionsPerRole,
  }),
} satisfies Record<keyof typeof authRoutes, unknown>;
