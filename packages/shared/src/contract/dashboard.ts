import { dashboard } from '../schemas/dashboard.ts';
import { defineEndpoint } from './define.ts';

/**
 * The dashboard (issue 29): one call for every staff role's figures of the day, each within the
 * caller's reach; its sections are present or absent by role (see the `dashboard` schema).
 */
export const dashboardContract = {
  get: defineEndpoint({
    name: 'dashboard.get',
    method: 'GET',
    path: 'Report/getDashboard',
    response: dashboard,
    access: 'dashboard.read',
    summary:
      "The caller's day: today's sessions by state, this week's hours held and booked, sessions waiting for the admin's confirmation, reserved sessions, new students this month and, for finance roles, money in this month and debtors — all within the caller's reach.",
  }),
};
