import type { Queryable } from '../../db/client.ts';
import type { EventBus } from '../../events/event-bus.ts';
import type { SessionUser } from '../../http/fastify-types.ts';

/**
 * The events the academic area records in the outbox (docs/architecture.md "Events"), in the
 * transaction of the change; the notifications area subscribes to tell the student.
 */
declare module '../../events/domain-events.ts' {
  interface DomainEvents {
    /** A homework was given to students at a session. */
    'homework.given': {
      classroomId: string;
      sessionId: string;
      homeworkIds: string[];
      subtitle: string;
      deadLine: number;
      actorKey: string;
      /** The students it was given to. */
      userKeys: string[];
    };
    /** A homework was graded (Done) or re-opened (Pending). */
    'homework.graded': {
      classroomId: string;
      sessionId: string;
      homeworkId: string;
      state: 'Pending' | 'Done';
      actorKey: string;
      userKeys: string[];
    };
    /** An exam was recorded, edited or removed. */
    'exam.recorded': {
      classroomId: string;
      sessionId: string;
      examId: string;
      action: 'recorded' | 'edited' | 'removed';
      examState: 'Pending' | 'Done';
      actorKey: string;
      userKeys: string[];
    };
  }
}

export function academicEvents(events: EventBus) {
  return {
    homeworkGiven: (
      tx: Queryable,
      actor: SessionUser,
      p: {
        classroomId: string;
        sessionId: string;
        homeworkIds: string[];
        subtitle: string;
        deadLine: number;
        studentKeys: string[];
      },
    ) =>
      events.record(tx, 'homework.given', {
        classroomId: p.classroomId,
        sessionId: p.sessionId,
        homeworkIds: p.homeworkIds,
        subtitle: p.subtitle,
        deadLine: p.deadLine,
        actorKey: actor.publicKey,
        userKeys: p.studentKeys,
      }),
    homeworkGraded: (
      tx: Queryable,
      actor: SessionUser,
      p: {
        classroomId: string;
        sessionId: string;
        homeworkId: string;
        state: 'Pending' | 'Done';
        studentKey: string;
      },
    ) =>
      events.record(tx, 'homework.graded', {
        classroomId: p.classroomId,
        sessionId: p.sessionId,
        homeworkId: p.homeworkId,
        state: p.state,
        actorKey: actor.publicKey,
        userKeys: [p.studentKey],
      }),
    examRecorded: (
      tx: Queryable,
      actor: SessionUser,
      p: {
        classroomId: string;
        sessionId: string;
        examId: string;
        action: 'recorded' | 'edited' | 'removed';
        examState: 'Pending' | 'Done';
        studentKey: string;
      },
    ) =>
      events.record(tx, 'exam.recorded', {
        classroomId: p.classroomId,
        sessionId: p.sessionId,
        examId: p.examId,
        action: p.action,
        examState: p.examState,
        actorKey: actor.publicKey,
        userKeys: [p.studentKey],
      }),
  };
}

export type AcademicEvents = ReturnType<typeof academicEvents>;
