import type { CurrentUser } from '@tutoria/shared';

/** A signed-in financial admin for page tests (`authKeys.user`), with the permissions given. */
export const financeUser = (permissions: CurrentUser['permissions']): CurrentUser => ({
  publicKey: '11111111-1111-4111-8111-111111111111',
  fullName: 'Fay Finance',
  nickName: null,
  userName: 'fay',
  role: 'FinancialAdmin',
  baseType: null,
  phoneNumber: null,
  emailAddress: null,
  consultant: null,
  isAdmin: true,
  imageUrl: null,
  createMoment: 1_790_000_000,
  status: 'active',
  permissions,
  lastLogin: null,
});
