import type { ModuleContext } from '../module.ts';
import type { NotificationsService } from '../notifications/notifications.module.ts';
import { reminderSubject } from './reminders.repo.ts';
import { createRemindersService, PLAN_EVERY_SECONDS } from './reminders.service.ts';

/** Sessions whose time (re)appears: their reminders are planned at once, not at the next plan run. */
const plannedActions = new Set(['added', 'moved']);

/**
 * Session reminders (issue 12). Owns no table: its schedule is jobs in the queue. Reads sessions
 * through scheduling's read views (`reminders.repo.ts`) and writes notifications through the notifications
 * service. `SESSION_REMINDER_MINUTES=0` turns it off.
 */
export function createRemindersModule(ctx: ModuleContext, deps: { notifications: NotificationsService }) {
  const service = createRemindersService(ctx, deps);
  if (ctx.config.sessionReminderMinutes > 0) {
    ctx.jobs.registerJob('reminders.plan', async () => {
      await service.plan();
    });
    ctx.jobs.every('reminders.plan', PLAN_EVERY_SECONDS, {});
    ctx.jobs.registerJob('reminders.send', (payload, job) => service.send(payload, job), {
      maxAttempts: 5,
      backoffSeconds: 30,
      subject: reminderSubject,
    });
    ctx.events.subscribe('session.changed', 'reminders', async ({ payload }) => {
      if (plannedActions.has(payload.action)) await service.plan(payload.sessionIds);
    });
  }
  return { service };
}
