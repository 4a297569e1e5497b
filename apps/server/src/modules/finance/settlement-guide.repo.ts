import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { settlementSessions } from '../../db/schema/finance.ts';
import { anyUuid, epochOf, selectRows, timestampOf } from '../../db/sql.ts';
import { classroomsView, sessionsView } from '../scheduling/scheduling.module.ts';
import { people } from '../users/users.module.ts';
import { earningSessions } from './earnings.repo.ts';

/** What a guide looks at: sessions that started up to `toTime` (from `fromTime`), of a teacher, a lesson type, a class. */
export interface GuideFilter {
  toTime: number;
  fromTime?: number | null;
  teacherKey?: string;
  teacherKeys?: readonly string[];
  lessonType?: string | null;
  classroomId?: string | null;
}

/** One line of a guide: a session earned and in no live settlement, priced as the earning is. */
export interface GuideLineRow {
  sessionId: string;
  teacherKey: string;
  classroomId: string;
  classroomName: string;
  lessonType: string;
  start: number;
  end: number;
  hours: string;
  rate: string;
  amount: string;
}

/** The filter as a condition on `s` (the session) and `c` (its class), inside `earningSessions`. */
function guideWhere(f: GuideFilter): SQL {
  const parts: SQL[] = [sql`s.start_at <= ${timestampOf(f.toTime)}`];
  if (f.fromTime != null) parts.push(sql`s.start_at >= ${timestampOf(f.fromTime)}`);
  if (f.teacherKey) parts.push(sql`s.teacher_key = ${f.teacherKey}`);
  if (f.teacherKeys) parts.push(sql`s.teacher_key = ${anyUuid(f.teacherKeys)}`);
  if (f.lessonType) parts.push(sql`c.lesson_type = ${f.lessonType}`);
  if (f.classroomId) parts.push(sql`s.classroom_id = ${f.classroomId}`);
  return sql.join(parts, sql` and `);
}

/** Earned sessions of the filter that no live settlement (waiting or paid) pays yet. */
const unsettled = (f: GuideFilter) => sql`(select e.* from ${earningSessions(guideWhere(f))} e
  where not exists (select 1 from ${settlementSessions} ss
    where ss.session_id = e.session_id and ss.teacher_key = e.teacher_key and ss.released_at is null))`;

/**
 * The guide's lines (DESIGN §7 "Settlements"): per session held and confirmed by the admin, not yet
 * in a settlement, its hours × the class's teacher salary per hour — in start order, so the payer
 * reads them session by session. The hours keep four decimals (a 50-minute session is 0.8333 h).
 */
export function guideLines(q: Queryable, f: GuideFilter) {
  return selectRows<GuideLineRow>(
    q,
    sql`select u.session_id, u.teacher_key, u.classroom_id, u.classroom_name, u.lesson_type,
        ${epochOf(sql`u.start_at`)} as start, ${epochOf(sql`u.end_at`)} as end,
        round(u.hours, 4)::text as hours, u.rate::text as rate, u.amount::text as amount
      from ${unsettled(f)} u
      order by u.start_at, u.session_id`,
  );
}

/** Sums of decimal strings, done by PostgreSQL (never a JS float): count, hours and amount of lines. */
export async function sumLines(q: Queryable, lines: readonly { hours: string; amount: string }[]) {
  const [row] = await selectRows<{ hours: string; amount: string }>(
    q,
    sql`select coalesce(round(sum(h), 2), 0)::text as hours, coalesce(sum(a), 0)::text as amount
      from unnest(${sql.param(lines.map((l) => l.hours))}::numeric[], ${sql.param(lines.map((l) => l.amount))}::numeric[]) as u(h, a)`,
  );
  return row!;
}

/** The group guide: per teacher with unsettled earnings under the filter, their count, hours and amount; by name. */
export function groupGuideRows(q: Queryable, f: GuideFilter) {
  return selectRows<{ teacherKey: string; teacherName: string; sessionCount: number; hours: string; amount: string }>(
    q,
    sql`select u.teacher_key, tp.full_name as teacher_name, count(*)::int as session_count,
        round(sum(u.hours), 2)::text as hours, sum(u.amount)::text as amount
      from ${unsettled(f)} u join ${people} tp on tp.public_key = u.teacher_key
      group by u.teacher_key, tp.full_name
      order by tp.full_name, u.teacher_key`,
  );
}

/** Whether a teacher teaches (or taught sessions of) a class. */
export async function teachesClassroom(q: Queryable, teacherKey: string, classroomId: string): Promise<boolean> {
  const rows = await selectRows<{ ok: number }>(
    q,
    sql`select 1 as ok from ${classroomsView} c where c.classroom_id = ${classroomId}
      and (c.teacher_key = ${teacherKey} or exists (select 1 from ${sessionsView} s where s.classroom_id = c.classroom_id and s.teacher_key = ${teacherKey}))`,
  );
  return rows.length > 0;
}
