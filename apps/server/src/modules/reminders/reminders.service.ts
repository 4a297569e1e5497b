import { isOnlineLessonType, type NotificationParams } from '@tutoria/shared';
import type { JobInfo, JobKinds } from '../../lib/jobs/job-kinds.ts';
import { toEpoch } from '../../lib/time.ts';
import type { ModuleContext } from '../module.ts';
import type { NotificationDraft, NotificationsService } from '../notifications/notifications.module.ts';
import { formatSpan } from '../scheduling/scheduling.module.ts';
import { type ReminderSession, reminderSessions } from './reminders.repo.ts';
import './reminders.jobs.ts';

/** How often the plan runs (one run per slot across all processes). */
export const PLAN_EVERY_SECONDS = 10 * 60;
/** A plan enqueues the reminders due before now + this: three periods, so a late or missed run loses none. */
export const PLAN_AHEAD_SECONDS = 3 * PLAN_EVERY_SECONDS;

/** One job per session and start: a moved session gets a new one, and planning twice adds nothing. */
export const reminderKey = (session: { sessionId: string; start: number }) =>
  `reminder:${session.sessionId}:${session.start}`;

/**
 * Session reminders (issue 12): the teacher, assistant and students of a session hear of it
 * `SESSION_REMINDER_MINUTES` before it starts, with the meeting link of an online class. The
 * schedule lives in the job queue: a recurring plan (and, at once, a session added or moved)
 * enqueues the reminders of the sessions starting soon, never all of them; each reminder reads the
 * session again when it runs, so one that moved, was cancelled or deleted since says nothing.
 */
export function createRemindersService(ctx: ModuleContext, deps: { notifications: NotificationsService }) {
  const offset = ctx.config.sessionReminderMinutes * 60;

  return {
    /** Enqueues the reminders of the live sessions whose reminder is due within the window (or of `sessionIds`). Answers how many were new. */
    async plan(sessionIds?: readonly string[]): Promise<number> {
      const now = toEpoch(new Date());
      const sessions = await reminderSessions(
        ctx.db,
        { from: now, to: now + offset + PLAN_AHEAD_SECONDS },
        sessionIds,
      );
      if (!sessions.length) return 0;
      return ctx.transaction(async (tx) => {
        let added = 0;
        for (const session of sessions) {
          const payload = { sessionId: session.sessionId, start: session.start };
          const jobId = await ctx.jobs.enqueue(tx, 'reminders.send', payload, {
            runAt: session.start - offset,
            key: reminderKey(session),
          });
          if (jobId) added++;
        }
        return added;
      });
    },

    /** Sends one reminder, once: the job's id makes a second run add nothing. */
    async send(payload: JobKinds['reminders.send'], job: JobInfo): Promise<void> {
      if (payload.start <= toEpoch(new Date())) return;
      const [session] = await reminderSessions(ctx.db, { from: payload.start, to: payload.start + 1 }, [
        payload.sessionId,
      ]);
      if (!session) return;
      await ctx.transaction((tx) =>
        deps.notifications.store(tx, session.userKeys, {
          ...draftOf(session, ctx.config.timeZone),
          eventId: job.jobId,
        }),
      );
    },
  };
}

function draftOf(session: ReminderSession, timeZone: string): NotificationDraft {
  const link = isOnlineLessonType(session.lessonType) ? session.meetingLink : null;
  const params: NotificationParams = {
    classroom: session.classroomName,
    time: formatSpan(session.start, session.end, timeZone),
  };
  if (!link) return { messageType: 'Classroom', key: 'session.reminder', params };
  return { messageType: 'Classroom', key: 'session.reminderOnline', params: { ...params, link } };
}

export type RemindersService = ReturnType<typeof createRemindersService>;
