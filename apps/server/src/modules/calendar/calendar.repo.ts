import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { calendarFeedTokens } from '../../db/schema/calendar.ts';
import { people } from '../../db/schema/people.ts';
import { selectRows } from '../../db/sql.ts';
import { classroomMembers, classroomsView, sessionsView } from '../scheduling/scheduling.module.ts';

/** Queries of the calendar module (feed tokens, the sessions of a feed); no rules here. */

const f = calendarFeedTokens;

export interface FeedPerson {
  publicKey: string;
  fullName: string;
  role: string;
  status: string;
  extraPermissions: string[];
}

const personFields = {
  publicKey: people.publicKey,
  fullName: people.fullName,
  role: people.role,
  status: people.status,
  extraPermissions: people.extraPermissions,
};

/** A person by key, when `reach` (a condition on their key, from the reach policy) holds. */
export async function findPerson(q: Queryable, key: string, reach?: SQL): Promise<FeedPerson | undefined> {
  const [row] = await q
    .select(personFields)
    .from(people)
    .where(and(eq(people.publicKey, key), reach));
  return row;
}

/** When the holder's address of a subject's feed was made, if there is one. */
export async function feedMadeAt(q: Queryable, holderKey: string, subjectKey: string) {
  const [row] = await q
    .select({ createMoment: f.createMoment })
    .from(f)
    .where(and(eq(f.holderKey, holderKey), eq(f.subjectKey, subjectKey)));
  return row?.createMoment;
}

/** Stores a new token hash for a holder and subject, replacing (and so stopping) the previous one. */
export async function replaceToken(
  q: Queryable,
  row: { tokenHash: string; holderKey: string; subjectKey: string; language: string },
) {
  const [saved] = await q
    .insert(f)
    .values(row)
    .onConflictDoUpdate({
      target: [f.holderKey, f.subjectKey],
      set: { tokenHash: row.tokenHash, language: row.language, createMoment: sql`now()` },
    })
    .returning({ createMoment: f.createMoment });
  return saved!.createMoment;
}

/** The holder and subject of a token, by its hash. */
export async function tokenByHash(q: Queryable, tokenHash: string) {
  const [row] = await q
    .select({ holderKey: f.holderKey, subjectKey: f.subjectKey, language: f.language })
    .from(f)
    .where(eq(f.tokenHash, tokenHash));
  return row;
}

export interface FeedSession {
  sessionId: string;
  startAt: Date;
  endAt: Date;
  live: boolean;
  classroomName: string;
  room: string | null;
  meetingLink: string | null;
}

/**
 * The sessions of a feed between two moments, through scheduling's read views, of live classes
 * only: a student's, of the classes they sit in; anyone else's, those they teach or assist.
 * Only the class's name, times, room and meeting link: nothing about other people.
 */
export function sessionsOf(
  q: Queryable,
  subject: { publicKey: string; student: boolean },
  window: { from: Date; to: Date },
): Promise<FeedSession[]> {
  const who = subject.student
    ? sql`exists (select 1 from ${classroomMembers} m where m.classroom_id = s.classroom_id and m.student_key = ${subject.publicKey}::uuid)`
    : sql`(s.teacher_key = ${subject.publicKey}::uuid or c.assistant_key = ${subject.publicKey}::uuid)`;
  return selectRows<FeedSession>(
    q,
    sql`select s.session_id, s.start_at, s.end_at, s.live, c.classroom_name, s.classroom_number as room, c.meeting_link
      from ${sessionsView} s
      join ${classroomsView} c on c.classroom_id = s.classroom_id
      where c.live and ${who}
        and s.start_at >= ${window.from.toISOString()}::timestamptz and s.start_at < ${window.to.toISOString()}::timestamptz
      order by s.start_at, s.session_id`,
  );
}
