import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { surveyResponses, surveyRounds } from '../../db/schema/surveys.ts';
import { epochOf, selectRows } from '../../db/sql.ts';
import { classroomMembers, classroomsView, sessionsView } from '../scheduling/scheduling.module.ts';

export interface ParticipationRow {
  roundId: string;
  title: string;
  startsAt: number;
  endsAt: number;
  closedAt: number | null;
  items: number;
  answeredItems: number;
  answeredAt: number | null;
}

/**
 * A student's survey participation (a student's page, issue 31), never their ratings: per round
 * in which they had something to rate or rated something, the classes and teachers of their held
 * sessions in the round's dates (as `heldPairs` reads them for the survey itself), how many of
 * those they rated and when they last did. Newest round first; one query.
 */
export function participationOf(q: Queryable, studentKey: string) {
  return selectRows<ParticipationRow>(
    q,
    sql`select r.round_id, r.title, ${epochOf(sql`r.starts_at`)} as starts_at, ${epochOf(sql`r.ends_at`)} as ends_at,
        ${epochOf(sql`r.closed_at`)} as closed_at, it.items, an.answered_items, ${epochOf(sql`an.answered_at`)} as answered_at
      from ${surveyRounds} r
      cross join lateral (
        select count(*)::int as items from (select distinct s.classroom_id, s.teacher_key
          from ${classroomMembers} cs
          join ${sessionsView} s on s.classroom_id = cs.classroom_id
          join ${classroomsView} c on c.classroom_id = s.classroom_id
          where cs.student_key = ${studentKey}::uuid and s.held and c.live
            and s.start_at >= r.starts_at and s.start_at < r.ends_at) pairs
      ) it
      cross join lateral (
        select count(*)::int as answered_items, max(sr.updated_at) as answered_at
        from ${surveyResponses} sr where sr.round_id = r.round_id and sr.student_key = ${studentKey}::uuid
      ) an
      where it.items > 0 or an.answered_items > 0
      order by r.starts_at desc, r.round_id`,
  );
}
