import { sql } from 'drizzle-orm';
import type {
  Level,
  LessonType,
  TeachingHoursLessons,
  TeachingHoursLevels,
  TeachingHoursSessions,
  TeachingHoursFilters,
  TeachingHoursSessionsQuery,
  TeachingHoursYear,
} from '@tutoria/shared';
import { reachableClassrooms } from '../../access/reach.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import type { ModuleContext } from '../module.ts';
import { type FigureRow, teachingFigures, teachingSessions } from './teaching-hours.repo.ts';

export type TeachingHoursService = ReturnType<typeof createTeachingHoursService>;

/** Minutes as hours with two decimals. */
const hoursOf = (minutes: number) => Math.round((minutes * 100) / 60) / 100;

function totalsOf(rows: FigureRow[]) {
  const minutes = rows.reduce((sum, r) => sum + Number(r.minutes), 0);
  return { hours: hoursOf(minutes), sessionCount: rows.reduce((sum, r) => sum + r.sessionCount, 0) };
}

const filtersOf = (query: TeachingHoursFilters) => ({
  teacherKey: query.teacherPublicKey,
  classroomId: query.classroomId,
});

const figureOf = (row: FigureRow) => ({
  hours: hoursOf(Number(row.minutes)),
  sessionCount: row.sessionCount,
});

/**
 * The teaching-hours report (issue 29). Staff only: a centre report is no student's; every figure
 * is narrowed to the classes the caller reaches (the reach policy), so a teacher's report covers
 * their classes.
 */
export function createTeachingHoursService(ctx: ModuleContext) {
  const { timeZone } = ctx.config;

  // Staff only by permission (`centreReports.read`): a centre report is no student's.
  function scopeOf(user: SessionUser) {
    return reachableClassrooms(user, sql`s.classroom_id`);
  }

  return {
    async year(
      user: SessionUser,
      query: { year: number } & TeachingHoursFilters,
    ): Promise<TeachingHoursYear> {
      const { year } = query;
      const rows = await teachingFigures(
        ctx.db,
        'month',
        { year },
        filtersOf(query),
        scopeOf(user),
        timeZone,
      );
      const byMonth = new Map(rows.map((r) => [Number(r.key), r]));
      const months = Array.from({ length: 12 }, (_, i) => {
        const row = byMonth.get(i + 1);
        return { month: i + 1, ...(row ? figureOf(row) : { hours: 0, sessionCount: 0 }) };
      });
      return { year, ...totalsOf(rows), months };
    },

    async levels(
      user: SessionUser,
      query: { year: number; month: number } & TeachingHoursFilters,
    ): Promise<TeachingHoursLevels> {
      const { year, month } = query;
      const rows = await teachingFigures(
        ctx.db,
        'level',
        { year, month },
        filtersOf(query),
        scopeOf(user),
        timeZone,
      );
      return {
        year,
        month,
        ...totalsOf(rows),
        levels: rows.map((r) => ({ level: r.key as Level, ...figureOf(r) })),
      };
    },

    async lessons(
      user: SessionUser,
      query: { year: number; month: number; level: Level } & TeachingHoursFilters,
    ): Promise<TeachingHoursLessons> {
      const { year, month, level } = query;
      const rows = await teachingFigures(
        ctx.db,
        'lessonType',
        { year, month },
        { level, ...filtersOf(query) },
        scopeOf(user),
        timeZone,
      );
      return {
        year,
        month,
        level,
        ...totalsOf(rows),
        lessons: rows.map((r) => ({ lessonType: r.key as LessonType, ...figureOf(r) })),
      };
    },

    async sessions(user: SessionUser, query: TeachingHoursSessionsQuery): Promise<TeachingHoursSessions> {
      const { year, month, level, lessonType, index, size } = query;
      const rows = await teachingSessions(
        ctx.db,
        { year, month },
        { level, lessonType, ...filtersOf(query) },
        { index, size },
        scopeOf(user),
        timeZone,
      );
      return {
        data: rows.map((r) => ({
          sessionId: r.sessionId,
          classroomId: r.classroomId,
          classroomName: r.classroomName,
          teacherPublicKey: r.teacherKey,
          teacherName: r.teacherName ?? '',
          start: r.start,
          end: r.end,
          hours: hoursOf(r.durationMinutes),
        })),
        totalCount: rows[0]?.totalCount ?? 0,
      };
    },
  };
}
