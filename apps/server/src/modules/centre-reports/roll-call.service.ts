import { sql } from 'drizzle-orm';
import {
  absencePercent,
  type RollCallDay,
  type RollCallDayQuery,
  type RollCallSession,
} from '@tutoria/shared';
import { reachableClassrooms, reachableStudents } from '../../access/reach.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import type { ModuleContext } from '../module.ts';
import { rollCallOfDay } from './roll-call.repo.ts';

export type RollCallService = ReturnType<typeof createRollCallService>;

/**
 * Roll-call reports (issue 29). Staff only; the sessions of the classes the caller reaches and, in
 * them, the students the caller reaches (a consultant sees their own students' presence only).
 */
export function createRollCallService(ctx: ModuleContext) {
  const { timeZone } = ctx.config;
  return {
    async day(user: SessionUser, { day, ...filters }: RollCallDayQuery): Promise<RollCallDay> {
      const rows = await rollCallOfDay(
        ctx.db,
        day,
        filters,
        {
          classrooms: reachableClassrooms(user, sql`s.classroom_id`),
          students: reachableStudents(user, sql`m.student_key`),
        },
        timeZone,
      );
      const sessions = new Map<string, RollCallSession>();
      for (const row of rows) {
        let session = sessions.get(row.sessionId);
        if (!session) {
          session = {
            sessionId: row.sessionId,
            classroomId: row.classroomId,
            classroomName: row.classroomName,
            teacherName: row.teacherName ?? '',
            start: row.start,
            end: row.end,
            held: row.held,
            students: [],
            presentCount: 0,
            absentCount: 0,
            absencePercent: null,
          };
          sessions.set(row.sessionId, session);
        }
        if (row.studentKey === null) continue;
        const presence = row.isPresent === null ? 'unrecorded' : row.isPresent ? 'present' : 'absent';
        if (presence === 'present') session.presentCount += 1;
        if (presence === 'absent') session.absentCount += 1;
        session.students.push({
          studentPublicKey: row.studentKey,
          fullName: row.studentName ?? '',
          presence,
        });
      }
      const list = [...sessions.values()].map((s) => ({
        ...s,
        absencePercent: absencePercent(s.presentCount, s.absentCount),
      }));
      const presentCount = list.reduce((n, s) => n + s.presentCount, 0);
      const absentCount = list.reduce((n, s) => n + s.absentCount, 0);
      return {
        day,
        sessions: list,
        presentCount,
        absentCount,
        absencePercent: absencePercent(presentCount, absentCount),
      };
    },
  };
}
