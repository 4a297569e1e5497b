import { sql } from 'drizzle-orm';
import {
  absencePercent,
  type RollCallClass,
  type RollCallClassQuery,
  type RollCallStudent,
  type RollCallStudentQuery,
} from '@tutoria/shared';
import { reachableClassrooms, reachableStudents, reachesStudent } from '../../access/reach.ts';
import { notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import type { ModuleContext } from '../module.ts';
import { scopedClassroom } from '../scheduling/scheduling.module.ts';
import { findPeople } from '../users/users.module.ts';
import {
  classSessions,
  classStudents,
  studentClasses,
  studentSessions,
  type TallyRow,
} from './roll-call-period.repo.ts';

export type RollCallPeriodService = ReturnType<typeof createRollCallPeriodService>;

/** A tally with its absence rate (absent ÷ recorded, floored). */
const rated = <T extends TallyRow>(row: T) => ({
  ...row,
  absencePercent: absencePercent(row.presentCount, row.absentCount),
});

/** The totals of some tallies, rated. */
function totalOf(rows: readonly TallyRow[]) {
  const sum = (pick: (r: TallyRow) => number) => rows.reduce((n, r) => n + pick(r), 0);
  return rated({
    presentCount: sum((r) => r.presentCount),
    absentCount: sum((r) => r.absentCount),
    unrecordedCount: sum((r) => r.unrecordedCount),
  });
}

/**
 * A class's and a student's roll call over a period (issue 29). A class or student out of the
 * caller's reach answers FETCH_DATA_FAILED, as if it did not exist (as every scoped read); inside
 * a class only the students the caller reaches count (a consultant: their consultees), and a
 * student's sessions are those of the classes the caller reaches (a teacher: their own classes).
 */
export function createRollCallPeriodService(ctx: ModuleContext) {
  const { db } = ctx;
  const { timeZone } = ctx.config;
  return {
    async classroom(user: SessionUser, query: RollCallClassQuery): Promise<RollCallClass> {
      const { classroomId, from, to } = query;
      const classroom = await scopedClassroom(db, user, classroomId);
      const students = reachableStudents(user, sql`m.student_key`);
      const sessions = await classSessions(db, classroomId, { from, to }, students, timeZone);
      const studentRows = await classStudents(db, classroomId, { from, to }, students, timeZone);
      return {
        classroomId,
        classroomName: classroom.classroomName,
        teacherName: classroom.teacherName,
        from,
        to,
        sessions: sessions.map(rated),
        students: studentRows.map(({ studentKey, fullName, ...counts }) =>
          rated({ studentPublicKey: studentKey, fullName: fullName ?? '', ...counts }),
        ),
        // Every (session, student) pair counts once, so the sessions' counts add up to the total.
        ...totalOf(sessions),
      };
    },

    async student(user: SessionUser, query: RollCallStudentQuery): Promise<RollCallStudent> {
      const { studentPublicKey, from, to } = query;
      const [student] = await findPeople(db, [studentPublicKey], { roles: ['Student'] });
      if (!student || !(await reachesStudent(db, user, studentPublicKey))) throw notFound();
      const classrooms = reachableClassrooms(user, sql`s.classroom_id`);
      const sessions = await studentSessions(db, studentPublicKey, { from, to }, classrooms, timeZone);
      const classes = await studentClasses(db, studentPublicKey, { from, to }, classrooms, timeZone);
      return {
        studentPublicKey,
        fullName: student.fullName,
        from,
        to,
        sessions: sessions.map(({ isPresent, ...session }) => ({
          ...session,
          presence: isPresent === null ? 'unrecorded' : isPresent ? 'present' : 'absent',
        })),
        classes: classes.map(rated),
        ...totalOf(classes),
      };
    },
  };
}
