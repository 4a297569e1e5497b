import { and, count, desc, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { contract, type FilteredByDateBody, type ListQuery, type WhereCondition } from '@tutoria/shared';
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { classrooms } from '../../db/schema/scheduling.ts';
import { anyText, anyUuid, epochOf, selectRow, selectRows, timestampOf } from '../../db/sql.ts';
import { AppError } from '../../http/app-error.ts';
import {
  type Bind,
  columnsFor,
  compileListQuery,
  compileWhere,
  conditionKey,
  escapeLike,
  finishPage,
} from '../../http/list-query.ts';
import { sqlListStatement } from '../../http/list-statement.ts';
import { people } from '../users/users.module.ts';
import { type ClassroomFields, classroomState } from './classes.repo.ts';
import type { SessionFields } from './session-views.repo.ts';

/**
 * The class lists and the sessions list (SPEC §7 admin_classes, upcoming). Each is one query: a
 * `page` CTE picks the page's rows in order (the class lists with the window count, the sessions
 * list with its count apart), then the page's rosters, session counts and presence tallies are
 * aggregated set-wise over those rows only (never per row over the whole table). The teacher's name
 * comes from the users area's `people` view.
 */

/** The SQL behind each list column the contract allows (DESIGN §4); the special ones are handled below. */
const columns = columnsFor(contract.classes.list, {
  classroomName: classrooms.classroomName,
  classroomLevel: classrooms.classroomLevel,
  classroomType: classrooms.classroomType,
  classroomNumber: classrooms.classroomNumber,
  lessonType: classrooms.lessonType,
  state: classroomState,
  archived: classrooms.archived,
  teacherPublicKey: classrooms.teacherKey,
  teacherName: people.fullName,
  studentPublicKey: sql`null`,
  studentName: sql`null`,
  consultantPublicKey: sql`null`,
  fromTime: sql`null`,
  toTime: sql`null`,
  createMoment: classrooms.createMoment,
  lastSessionEnd: classrooms.lastSessionEnd,
});

const invalid = (column: string) =>
  new AppError('INVALID_QUERY', { text: { key: 'listOperandInvalid', values: { column } } });
const uuid = z.uuid();

/** A user-key condition: Equal / NotEqual on a valid key, so the uuid index is used and nothing is cast. */
function keyOperand(condition: WhereCondition): string {
  if (
    condition.comparison === 'Contains' ||
    typeof condition.operand !== 'string' ||
    !uuid.safeParse(condition.operand).success
  ) {
    throw invalid(condition.column);
  }
  return condition.operand;
}

function timeOperand(condition: WhereCondition): number {
  const n = typeof condition.operand === 'number' ? condition.operand : Number(condition.operand);
  if (
    condition.comparison !== 'Equal' ||
    condition.operand === null ||
    typeof condition.operand === 'boolean' ||
    !Number.isInteger(n) ||
    n < 0
  ) {
    throw invalid(condition.column);
  }
  return n;
}

const negate = (condition: WhereCondition, expression: SQL) =>
  condition.comparison === 'NotEqual' ? sql`not ${expression}` : expression;

/** A classroom has a student matching `match` (on `wst`, the roster row, and `wp`, the student). */
const hasStudent = (match: SQL) =>
  sql`exists (select 1 from classroom_students wst join ${people} wp on wp.public_key = wst.student_key
    where wst.classroom_id = ${classrooms.classroomId} and ${match})`;

/**
 * The class lists' where: ordinary columns through the shared compiler; students, consultants and
 * teachers by key as indexed EXISTS / equality; fromTime and toTime (SPEC §9: date filters are Equal
 * on fromTime and toTime, each alone in its group) as "has a live session starting in [from, to)".
 * Its `key` says all its text depends on; with `bind` naming placeholders, the values are apart.
 */
function classroomWhere(
  where: readonly (readonly WhereCondition[])[],
  bind: Bind = (value) => value,
): { sql: SQL | undefined; key: string } {
  const groups: SQL[] = [];
  const keys: string[][] = [];
  let from: number | undefined;
  let to: number | undefined;
  for (const group of where) {
    const parts: SQL[] = [];
    const groupKeys: string[] = [];
    for (const condition of group) {
      const name = condition.column.toLowerCase();
      if (name === 'fromtime' || name === 'totime') {
        if (group.length !== 1) throw invalid(condition.column);
        if (name === 'fromtime') from = timeOperand(condition);
        else to = timeOperand(condition);
      } else if (name === 'teacherpublickey') {
        parts.push(negate(condition, sql`(${classrooms.teacherKey} = ${bind(keyOperand(condition))})`));
      } else if (name === 'studentpublickey') {
        parts.push(negate(condition, hasStudent(sql`wst.student_key = ${bind(keyOperand(condition))}`)));
      } else if (name === 'consultantpublickey') {
        parts.push(negate(condition, hasStudent(sql`wp.consultant_key = ${bind(keyOperand(condition))}`)));
      } else if (name === 'studentname') {
        if (typeof condition.operand !== 'string') throw invalid(condition.column);
        const match =
          condition.comparison === 'Contains'
            ? sql`wp.full_name ilike ${bind(`%${escapeLike(condition.operand)}%`)} escape '\\'`
            : sql`wp.full_name = ${bind(condition.operand)}`;
        parts.push(negate(condition, hasStudent(match)));
      } else {
        parts.push(compileWhere([[condition]], columns, bind)!);
      }
      groupKeys.push(conditionKey(columns, condition));
    }
    keys.push(groupKeys);
    if (parts.length) groups.push(sql`(${sql.join(parts, sql` or `)})`);
  }
  if (from !== undefined || to !== undefined) {
    groups.push(
      sql`exists (select 1 from classroom_sessions wcs where wcs.classroom_id = ${classrooms.classroomId} and wcs.state <> 'canceled'
        ${from !== undefined ? sql`and wcs.start_at >= ${timestampOf(bind(from))}` : sql``}
        ${to !== undefined ? sql`and wcs.start_at < ${timestampOf(bind(to))}` : sql``})`,
    );
  }
  return { sql: groups.length ? sql.join(groups, sql` and `) : undefined, key: JSON.stringify(keys) };
}

export interface StudentRef {
  publicKey: string;
  fullName: string;
}

export interface ClassroomListRecord extends ClassroomFields {
  students: StudentRef[];
  sessionCount: number;
  nextSessionStart: number | null;
  lastSessionEnd: number | null;
  totalCount: number;
}

/** A page of classrooms (filtered, ordered, limited in `page`) with their teacher, roster and sessions. */
function classroomPage(page: {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number | Placeholder;
  offset: number | Placeholder;
}): SQL {
  const orderBy = sql.join(page.orderBy, sql`, `);
  return sql`with page as (
        select classrooms.classroom_id, row_number() over (order by ${orderBy}) as position, count(*) over () as total_count
        from ${classrooms} join ${people} on people.public_key = classrooms.teacher_key
        ${page.where ? sql`where ${page.where}` : sql``}
        order by ${orderBy} limit ${page.limit} offset ${page.offset}
      ), roster as (
        select st.classroom_id,
          json_agg(json_build_object('publicKey', student.public_key, 'fullName', student.full_name) order by student.full_name, student.public_key) as students
        from classroom_students st join ${people} student on student.public_key = st.student_key
        where st.classroom_id in (select classroom_id from page) group by st.classroom_id
      ), live as (
        select s.classroom_id, count(*) filter (where s.state <> 'canceled')::int as session_count,
          min(s.start_at) filter (where s.state = 'waitingforclass' and s.start_at > now()) as next_start
        from classroom_sessions s where s.classroom_id in (select classroom_id from page) group by s.classroom_id
      )
      select classrooms.classroom_id, classrooms.classroom_name, classrooms.classroom_level, classrooms.classroom_type,
        classrooms.classroom_number, classrooms.lesson_type, ${classroomState} as state, classrooms.archived,
        classrooms.teacher_key as teacher_public_key, people.full_name as teacher_name, classrooms.assistant_key,
        coalesce(roster.students, '[]'::json) as students, coalesce(live.session_count, 0) as session_count,
        ${epochOf(sql`live.next_start`)} as next_session_start, ${epochOf(sql`classrooms.last_session_end`)} as last_session_end,
        ${epochOf(sql`classrooms.create_moment`)} as create_moment, page.total_count::int as total_count
      from page
      join ${classrooms} on classrooms.classroom_id = page.classroom_id
      join ${people} on people.public_key = classrooms.teacher_key
      left join roster on roster.classroom_id = page.classroom_id
      left join live on live.classroom_id = page.classroom_id
      order by page.position`;
}

/** The class table's page statement, built once per shape (list-statement.ts). */
const pageStatement = sqlListStatement();

/** Only the classes `key` teaches or assists. */
const taughtByCondition = (key: string | Placeholder) =>
  sql`(${classrooms.teacherKey} = ${key} or ${classrooms.assistantKey} = ${key})`;

/**
 * One query for the page and its total (window count); a second only for a page past the end.
 * `taughtBy`: only the classes this staff member teaches or assists. The page's statement has the
 * same text for every request of its shape (the filter's columns and comparisons, the order, whether
 * `taughtBy` is given, the scope): every value is a placeholder, so it is built once.
 */
export async function listClassrooms(
  q: Queryable,
  query: ListQuery,
  filter: { scope: SQL | undefined; taughtBy?: string },
  allCap: number,
) {
  const compiled = compileListQuery(
    { ...query, where: [] },
    { columns, tiebreaker: classrooms.classroomId, allCap },
  );
  const { scope, taughtBy } = filter;
  const values: Record<string, unknown> = { limit: compiled.limit, offset: compiled.offset };
  if (taughtBy) values.taughtBy = taughtBy;
  let next = 0;
  const filtered = classroomWhere(query.where, (value) => {
    const name = `w${next++}`;
    values[name] = value;
    return sql.placeholder(name);
  });
  const rows = await pageStatement<ClassroomListRecord>(q, {
    key: JSON.stringify([compiled.template().key, filtered.key, Boolean(taughtBy)]),
    fixed: scope,
    build: () =>
      classroomPage({
        where: and(
          scope,
          taughtBy ? taughtByCondition(sql.placeholder('taughtBy')) : undefined,
          filtered.sql,
        ),
        orderBy: compiled.orderBy,
        limit: sql.placeholder('limit'),
        offset: sql.placeholder('offset'),
      }),
    values,
  });
  return finishPage(rows, compiled, async () => {
    const where = and(
      scope,
      taughtBy ? taughtByCondition(taughtBy) : undefined,
      classroomWhere(query.where).sql,
    );
    const [row] = await q
      .select({ n: count() })
      .from(classrooms)
      .innerJoin(people, sql`${people.publicKey} = ${classrooms.teacherKey}`)
      .where(where);
    return row?.n ?? 0;
  });
}

/** Classes where a user studies, teaches or assists, within the caller's scope, newest first. */
export function classroomsOfUser(q: Queryable, userKey: string, scope: SQL | undefined) {
  return selectRows<ClassroomListRecord>(
    q,
    classroomPage({
      where: and(
        scope,
        sql`(${classrooms.teacherKey} = ${userKey} or ${classrooms.assistantKey} = ${userKey}
        or exists (select 1 from classroom_students ust where ust.classroom_id = ${classrooms.classroomId} and ust.student_key = ${userKey}))`,
      ),
      orderBy: [desc(classrooms.createMoment), sql`${classrooms.classroomId}`],
      limit: 1000,
      offset: 0,
    }),
  );
}

export interface SessionListRecord extends SessionFields {
  hasTeachingDayInformation: boolean;
  /** A presence row for every current student of the class. */
  hasPresenceInformation: boolean;
  classroomName: string;
  classroomType: string;
  lessonType: string;
  meetingLink: string | null;
  classroomState: string;
  teacherPublicKey: string;
  teacherName: string;
  students: StudentRef[];
  totalCount: number;
}

/**
 * The shared isWaitingForRecords rule in SQL, on a session aliased `cs`: ended, not cancelled, and
 * no teaching day or a current student without a presence row (an empty roster has no presence
 * information either). classes.api.test.ts checks that it picks exactly the "not recorded" sessions.
 */
export const waitingForRecordsSql = sql`(cs.end_at <= now() and cs.state <> 'canceled' and (
  cs.teaching_date is null
  or not exists (select 1 from classroom_students rst where rst.classroom_id = cs.classroom_id)
  or exists (select 1 from classroom_students rst where rst.classroom_id = cs.classroom_id
    and not exists (select 1 from session_presences rsp where rsp.session_id = cs.session_id and rsp.student_key = rst.student_key))))`;

/**
 * Sessions in [start, end) with their classroom, in start order (SPEC §7 GetAllClassroomsFilteredByDate).
 * The page walks the sessions' start index and stops after its rows; the total is counted apart,
 * from the index alone when nothing reads the classroom's row (the caller reaches every class and
 * no lesson type is asked for). A window count over the page's query built and joined every
 * session of the window first: the week's 3,000 for a page of 50, 8 weeks' 24,000 on the
 * upcoming page (issue 30, bench/README.md).
 */
export async function listSessions(q: Queryable, body: FilteredByDateBody, scope: SQL | undefined) {
  const conditions: SQL[] = [
    sql`cs.start_at >= ${timestampOf(body.start)}`,
    sql`cs.start_at < ${timestampOf(body.end)}`,
  ];
  if (scope) conditions.push(scope);
  if (body.classroomsId?.length) conditions.push(sql`cs.classroom_id = ${anyUuid(body.classroomsId)}`);
  if (body.teachersPublicKey?.length)
    conditions.push(sql`cs.teacher_key = ${anyUuid(body.teachersPublicKey)}`);
  if (body.studentsPublicKey?.length) {
    conditions.push(
      sql`exists (select 1 from classroom_students fst where fst.classroom_id = cs.classroom_id and fst.student_key = ${anyUuid(body.studentsPublicKey)})`,
    );
  }
  const consultants =
    body.academicConsultantPublicKey === undefined ? [] : [body.academicConsultantPublicKey].flat();
  if (consultants.length) {
    conditions.push(
      sql`exists (select 1 from classroom_students fst join ${people} fp on fp.public_key = fst.student_key
        where fst.classroom_id = cs.classroom_id and fp.consultant_key = ${anyUuid(consultants)})`,
    );
  }
  const lessonTypes = body.lessonType === undefined ? [] : [body.lessonType].flat();
  if (lessonTypes.length) conditions.push(sql`${classrooms.lessonType} = ${anyText(lessonTypes)}`);
  if (body.states?.length) conditions.push(sql`cs.state = ${anyText(body.states)}`);
  if (body.waitingForRecords) conditions.push(waitingForRecordsSql);
  const where = sql.join(conditions, sql` and `);
  // The scope and the lesson type are conditions on the classroom's row; every session has one.
  const from =
    scope || lessonTypes.length
      ? sql`classroom_sessions cs join ${classrooms} on classrooms.classroom_id = cs.classroom_id`
      : sql`classroom_sessions cs`;
  const count = sql`select count(*)::int as n from ${from} where ${where}`;
  const { index, size } = body.page;
  const rows = await selectRows<SessionListRecord>(
    q,
    sql`with page as (
        select cs.session_id, cs.classroom_id from ${from} where ${where}
        order by cs.start_at, cs.session_id limit ${size} offset ${(index - 1) * size}
      ), total as (${count}), roster as (
        select st.classroom_id, count(*)::int as student_count,
          json_agg(json_build_object('publicKey', student.public_key, 'fullName', student.full_name) order by student.full_name, student.public_key) as students
        from classroom_students st join ${people} student on student.public_key = st.student_key
        where st.classroom_id in (select classroom_id from page) group by st.classroom_id
      ), recorded as (
        select page.session_id, count(*)::int as presences
        from page
        join session_presences sp on sp.session_id = page.session_id
        join classroom_students st on st.classroom_id = page.classroom_id and st.student_key = sp.student_key
        group by page.session_id
      )
      select cs.session_id, cs.classroom_id, cs.available_time_id, ${epochOf(sql`cs.start_at`)} as start,
        ${epochOf(sql`cs.end_at`)} as end, cs.duration_minutes, cs.state, cs.classroom_number, cs.financial_confirmation,
        cs.confirmation, cs.changes_confirmed_by_teacher, cs.changes_confirmed_by_scheduling_admin,
        cs.teaching_date is not null as has_teaching_day_information,
        coalesce(roster.student_count, 0) > 0 and coalesce(recorded.presences, 0) = roster.student_count as has_presence_information,
        classrooms.classroom_name, classrooms.classroom_type, classrooms.lesson_type, classrooms.meeting_link, ${classroomState} as classroom_state,
        cs.teacher_key as teacher_public_key, teacher.full_name as teacher_name,
        coalesce(roster.students, '[]'::json) as students, (select n from total) as total_count
      from page
      join classroom_sessions cs on cs.session_id = page.session_id
      join ${classrooms} on classrooms.classroom_id = cs.classroom_id
      join ${people} teacher on teacher.public_key = cs.teacher_key
      left join roster on roster.classroom_id = page.classroom_id
      left join recorded on recorded.session_id = page.session_id
      order by cs.start_at, cs.session_id`,
  );
  if (rows.length || index === 1) return { rows, totalCount: rows[0]?.totalCount ?? 0 };
  const total = await selectRow<{ n: number }>(q, count);
  return { rows, totalCount: total?.n ?? 0 };
}
