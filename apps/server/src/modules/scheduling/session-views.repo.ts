import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { classroomSessions, sessionPresences } from '../../db/schema/scheduling.ts';
import { epochOf, selectRows } from '../../db/sql.ts';
import { people } from '../users/users.module.ts';
import { sessionCondition, type SessionFilter } from './classes.repo.ts';

// What a class's pages read of its sessions: the sessions as shown and their presences (issue 30).

/** What every session read shows of its own row, times in epoch seconds. */
export interface SessionFields {
  sessionId: string;
  classroomId: string;
  availableTimeId: string | null;
  start: number;
  end: number;
  durationMinutes: number;
  state: string;
  classroomNumber: string | null;
  financialConfirmation: boolean;
  confirmation: string;
  changesConfirmedByTeacher: boolean;
  changesConfirmedBySchedulingAdmin: boolean;
}

/** A session as a class's pages show it: its fields and its teaching day, without bookkeeping columns. */
export interface SessionView extends SessionFields {
  teachingDate: number | null;
  taughtLessonsDescription: string | null;
  teachingMinutes: number | null;
  teachingType: string | null;
  taughtLessonIds: string[];
}

/**
 * The sessions of a class for its pages, in time order. Times come as epoch seconds and only the
 * columns shown are read: a class of 100 sessions parsed 500 timestamps into dates to turn them
 * back into numbers (half the CPU of the class details' sessions; issue 30).
 */
export function sessionViewsOf(q: Queryable, classroomId: string, filter: SessionFilter = 'all') {
  const condition = sessionCondition(filter);
  return selectRows<SessionView>(
    q,
    sql`select session_id, classroom_id, available_time_id, ${epochOf(sql`start_at`)} as start, ${epochOf(sql`end_at`)} as end,
        duration_minutes, state, classroom_number, financial_confirmation, confirmation, changes_confirmed_by_teacher,
        changes_confirmed_by_scheduling_admin, ${epochOf(sql`teaching_date`)} as teaching_date, taught_lessons_description,
        teaching_minutes, teaching_type, taught_lesson_ids
      from ${classroomSessions}
      where ${and(eq(classroomSessions.classroomId, classroomId), condition)}
      order by start_at, session_id`,
  );
}

const presenceColumns = {
  sessionId: sessionPresences.sessionId,
  studentPublicKey: sessionPresences.studentKey,
  studentName: people.fullName,
  isPresent: sessionPresences.isPresent,
  feedback: sessionPresences.feedback,
};

/**
 * Presences of a class's sessions (those `filter` picks), by student name: read beside the sessions,
 * not after them. By a list of 100 session ids PostgreSQL expected 340 presences and hashed all
 * 5,350 people to name 47 (2 ms); by the class it reads the session index (issue 30).
 */
export function presencesOfClassroom(q: Queryable, classroomId: string, filter: SessionFilter = 'all') {
  return q
    .select(presenceColumns)
    .from(classroomSessions)
    .innerJoin(sessionPresences, eq(sessionPresences.sessionId, classroomSessions.sessionId))
    .innerJoin(people, eq(people.publicKey, sessionPresences.studentKey))
    .where(and(eq(classroomSessions.classroomId, classroomId), sessionCondition(filter)))
    .orderBy(asc(people.fullName), asc(people.publicKey));
}
export type PresenceRecord = Awaited<ReturnType<typeof presencesOfClassroom>>[number];
