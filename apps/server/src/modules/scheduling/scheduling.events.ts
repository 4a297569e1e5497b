import type { Queryable } from '../../db/client.ts';
import type { DomainEvents } from '../../events/domain-events.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import { concernedPeople } from './classes.repo.ts';

/**
 * The events scheduling records in the outbox (docs/architecture.md "Events"), for the
 * notifications area and others to subscribe to. `userKeys` names the people concerned.
 */
declare module '../../events/domain-events.ts' {
  interface DomainEvents {
    /** A classroom was created, edited, disabled, archived, un-archived or destroyed, or its students, lessons or courses changed. */
    'classroom.changed': {
      classroomId: string;
      classroomName: string;
      action:
        | 'created'
        | 'edited'
        | 'studentsAdded'
        | 'studentRemoved'
        | 'lessonsChanged'
        | 'specificationsChanged'
        | 'disabled'
        | 'archived'
        | 'unarchived'
        | 'destroyed';
      actorKey: string;
      /** Teacher, assistant and students concerned. */
      userKeys: string[];
    };
    /** Sessions were added, moved, cancelled, removed, confirmed or reverted. */
    'session.changed': {
      classroomId: string;
      classroomName: string;
      sessionIds: string[];
      action:
        | 'added'
        | 'moved'
        | 'cancelled'
        | 'removed'
        | 'recorded'
        | 'confirmedByTeacher'
        | 'confirmedByAdmin'
        | 'reverted'
        | 'reset'
        | 'changesConfirmed';
      actorKey: string;
      userKeys: string[];
    };
    /** A teacher's available times were added, moved, cancelled or removed. */
    'timetable.changed': {
      teacherKey: string;
      availableTimeIds: string[];
      action: 'added' | 'moved' | 'cancelled' | 'removed' | 'lessonNamesChanged';
      actorKey: string;
    };
  }
}

type ClassroomAction = DomainEvents['classroom.changed']['action'];
type SessionAction = DomainEvents['session.changed']['action'];

/**
 * Records scheduling's events inside the transaction of the change (`tx`), so an event exists exactly
 * when its change committed; whom it concerns is read in the same transaction (so destroying a
 * class records its event before the delete).
 */
export function schedulingEvents(events: EventBus) {
  async function sessionsChanged(
    tx: Queryable,
    actor: SessionUser,
    action: SessionAction,
    sessions: readonly { classroomId: string; sessionId: string }[],
  ) {
    const byClassroom = new Map<string, string[]>();
    for (const s of sessions)
      byClassroom.set(s.classroomId, [...(byClassroom.get(s.classroomId) ?? []), s.sessionId]);
    const people = await concernedPeople(tx, [...byClassroom.keys()]);
    for (const [classroomId, sessionIds] of byClassroom) {
      const who = people.get(classroomId);
      await events.record(tx, 'session.changed', {
        classroomId,
        classroomName: who?.name ?? '',
        sessionIds,
        action,
        actorKey: actor.publicKey,
        userKeys: who?.userKeys ?? [],
      });
    }
  }

  return {
    sessionsChanged,

    /**
     * A classroom changed, and with it (when given) some of its sessions. `alsoConcerned`: people no
     * longer in the class who the change still concerns (a student just removed).
     */
    async classroomChanged(
      tx: Queryable,
      actor: SessionUser,
      classroomId: string,
      action: ClassroomAction,
      options: {
        sessions?: { ids: readonly string[]; action: SessionAction };
        alsoConcerned?: readonly string[];
      } = {},
    ) {
      const { sessions, alsoConcerned = [] } = options;
      const who = (await concernedPeople(tx, [classroomId])).get(classroomId);
      if (!who) return;
      await events.record(tx, 'classroom.changed', {
        classroomId,
        classroomName: who.name,
        action,
        actorKey: actor.publicKey,
        userKeys: [...new Set([...who.userKeys, ...alsoConcerned])],
      });
      if (sessions?.ids.length) {
        await sessionsChanged(
          tx,
          actor,
          sessions.action,
          sessions.ids.map((sessionId) => ({ classroomId, sessionId })),
        );
      }
    },

    async timetableChanged(
      tx: Queryable,
      actor: SessionUser,
      teacherKey: string,
      action: DomainEvents['timetable.changed']['action'],
      availableTimeIds: readonly string[],
    ) {
      await events.record(tx, 'timetable.changed', {
        teacherKey,
        availableTimeIds: [...availableTimeIds],
        action,
        actorKey: actor.publicKey,
      });
    },
  };
}

export type SchedulingEvents = ReturnType<typeof schedulingEvents>;
