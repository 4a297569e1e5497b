import { sql } from 'drizzle-orm';
import type { TeacherWorkload, TeacherWorkloadQuery, TeacherWorkloadTeacher } from '@tutoria/shared';
import { reachableClassrooms, reachableTeachers } from '../../access/reach.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import type { ModuleContext } from '../module.ts';
import { teacherWorkload } from './teacher-workload.repo.ts';

export type TeacherWorkloadService = ReturnType<typeof createTeacherWorkloadService>;

/** Minutes as hours with two decimals. */
const hoursOf = (minutes: number) => Math.round((minutes * 100) / 60) / 100;

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The Mondays of the weeks a period of calendar days touches, in order. */
export function mondaysOf(from: string, to: string): string[] {
  const mondayOf = (day: string) => {
    const ms = Date.parse(`${day}T00:00:00Z`);
    return ms - ((new Date(ms).getUTCDay() + 6) % 7) * DAY_MS;
  };
  const weeks: string[] = [];
  for (let ms = mondayOf(from); ms <= mondayOf(to); ms += 7 * DAY_MS) weeks.push(dayOf(ms));
  return weeks;
}

/**
 * Teacher workload (issue 29). Staff only; the sessions of the classes the caller reaches
 * (`reachableClassrooms`), and of the teachers they reach (`reachableTeachers`: a teacher or an
 * assistant only themself).
 */
export function createTeacherWorkloadService(ctx: ModuleContext) {
  const { timeZone } = ctx.config;
  return {
    async report(user: SessionUser, query: TeacherWorkloadQuery): Promise<TeacherWorkload> {
      const { from, to, teacherPublicKey, lessonType } = query;
      const scope = [
        reachableClassrooms(user, sql`s.classroom_id`),
        reachableTeachers(user, sql`s.teacher_key`),
      ].filter((c) => c !== undefined);
      const rows = await teacherWorkload(
        ctx.db,
        { from, to, teacherKey: teacherPublicKey, lessonType },
        scope,
        timeZone,
      );
      const weeks = mondaysOf(from, to);
      const perTeacher = new Map<string, { name: string; minutes: Map<string, [number, number]> }>();
      for (const row of rows) {
        let teacher = perTeacher.get(row.teacherKey);
        if (!teacher) {
          teacher = { name: row.teacherName ?? '', minutes: new Map() };
          perTeacher.set(row.teacherKey, teacher);
        }
        teacher.minutes.set(row.week, [row.heldMinutes, row.bookedMinutes]);
      }
      const teachers: TeacherWorkloadTeacher[] = [...perTeacher].map(([key, t]) => {
        const all = [...t.minutes.values()];
        return {
          teacherPublicKey: key,
          teacherName: t.name,
          heldHours: hoursOf(all.reduce((n, [held]) => n + held, 0)),
          bookedHours: hoursOf(all.reduce((n, [, booked]) => n + booked, 0)),
          weeks: weeks.map((week) => {
            const [held, booked] = t.minutes.get(week) ?? [0, 0];
            return { week, heldHours: hoursOf(held), bookedHours: hoursOf(booked) };
          }),
        };
      });
      return {
        from,
        to,
        weeks,
        teachers,
        heldHours: hoursOf(rows.reduce((n, r) => n + r.heldMinutes, 0)),
        bookedHours: hoursOf(rows.reduce((n, r) => n + r.bookedMinutes, 0)),
      };
    },
  };
}
