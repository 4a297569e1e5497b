import type { NotificationKey } from '@tutoria/shared';
import type { DomainEvents } from '../../events/domain-events.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { NotificationsService } from './notifications.service.ts';

type SessionAction = DomainEvents['session.changed']['action'];

/** Session changes a class's people hear of; confirmations and records are the staff's own workflow. */
const sessionKeys: Partial<Record<SessionAction, NotificationKey>> = {
  added: 'session.added',
  moved: 'session.moved',
  cancelled: 'session.cancelled',
  removed: 'session.removed',
};

/** Everyone concerned but the person who made the change. */
const others = (userKeys: readonly string[], actorKey: string) => userKeys.filter((key) => key !== actorKey);

/**
 * The notifications made from other areas' events (issue 12), after their change committed, for
 * exactly the users the event names. The event id makes a second delivery add nothing.
 */
export function subscribeToEvents(
  events: EventBus,
  notifications: NotificationsService,
  classroomName: (classroomId: string) => Promise<string>,
): void {
  events.subscribe('classroom.changed', 'notifications', async ({ eventId, payload }) => {
    await notifications.notify(others(payload.userKeys, payload.actorKey), {
      messageType: 'Classroom',
      key: `class.${payload.action}`,
      params: { classroom: payload.classroomName },
      eventId,
    });
  });

  events.subscribe('session.changed', 'notifications', async ({ eventId, payload }) => {
    const key = sessionKeys[payload.action];
    if (!key) return;
    await notifications.notify(others(payload.userKeys, payload.actorKey), {
      messageType: 'TimeTable',
      key,
      params: { classroom: payload.classroomName, count: payload.sessionIds.length },
      eventId,
    });
  });

  events.subscribe('timetable.changed', 'notifications', async ({ eventId, payload }) => {
    await notifications.notify(others([payload.teacherKey], payload.actorKey), {
      messageType: 'TimeTable',
      key: `timetable.${payload.action}`,
      params: { count: payload.availableTimeIds.length },
      eventId,
    });
  });

  // Academic records (issue 10): the students hear of homework given and of results.
  events.subscribe('homework.given', 'notifications', async ({ eventId, payload }) => {
    await notifications.notify(others(payload.userKeys, payload.actorKey), {
      messageType: 'Academic',
      key: 'academic.homeworkGiven',
      params: { classroom: await classroomName(payload.classroomId), subtitle: payload.subtitle },
      eventId,
    });
  });

  events.subscribe('homework.graded', 'notifications', async ({ eventId, payload }) => {
    if (payload.state !== 'Done') return;
    await notifications.notify(others(payload.userKeys, payload.actorKey), {
      messageType: 'Academic',
      key: 'academic.homeworkGraded',
      params: { classroom: await classroomName(payload.classroomId) },
      eventId,
    });
  });

  events.subscribe('exam.recorded', 'notifications', async ({ eventId, payload }) => {
    if (payload.action === 'removed' || payload.examState !== 'Done') return;
    await notifications.notify(others(payload.userKeys, payload.actorKey), {
      messageType: 'Academic',
      key: 'academic.examResult',
      params: { classroom: await classroomName(payload.classroomId) },
      eventId,
    });
  });

  // Finance (issue 11): the student hears when their money reaches (or leaves) their credit —
  // or, for a contract payment (issue 28), their contract.
  for (const [name, key, contractKey] of [
    ['deposit.confirmed', 'finance.depositConfirmed', 'finance.contractPaymentConfirmed'],
    ['deposit.reversed', 'finance.depositReversed', 'finance.contractPaymentReversed'],
  ] as const) {
    events.subscribe(name, 'notifications', async ({ eventId, payload }) => {
      const { classroomId } = payload;
      await notifications.notify(others(payload.userKeys, payload.actorKey), {
        messageType: 'Financial',
        ...(classroomId === null ? { key: contractKey, params: {} } : { key, params: { classroom: await classroomName(classroomId) } }),
        eventId,
      });
    });
  }

  // Finance: transfers (issue 11): the student and their consultant hear when credit moves between classes.
  for (const [name, key] of [
    ['transfer.confirmed', 'finance.transferConfirmed'],
    ['transfer.reversed', 'finance.transferReversed'],
  ] as const) {
    events.subscribe(name, 'notifications', async ({ eventId, payload }) => {
      const classes = `${await classroomName(payload.sourceClassroomId)} → ${await classroomName(payload.destinationClassroomId)}`;
      await notifications.notify(others(payload.userKeys, payload.actorKey), {
        messageType: 'Financial',
        key,
        params: { classroom: classes },
        eventId,
      });
    });
  }

  // Teacher settlements (issue 28): the teacher hears when a settlement pays them.
  events.subscribe('settlement.paid', 'notifications', async ({ eventId, payload }) => {
    await notifications.notify(others(payload.userKeys, payload.actorKey), {
      messageType: 'Financial',
      key: 'finance.settlementPaid',
      params: { period: payload.period },
      eventId,
    });
  });
}
