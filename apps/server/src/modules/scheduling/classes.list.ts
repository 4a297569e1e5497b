import { and, count, type SQL, sql } from 'drizzle-orm';
import {
  contract,
  type FilteredByDateBody,
  type ListQuery,
  type WhereCondition,
  type ClassroomRow,
  type ClassSessionRow,
} from '@tutoria/shared';
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { classrooms } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';
import {
  columnsFor,
  compileListQuery,
  compileWhere,
  escapeLike,
  finishPage,
  totalCountColumn,
} from '../../http/list-query.ts';
import { c, classroomRowFields, classroomStateSql, teacherNameSql } from './classes.repo.ts';
import { inList, rowsOf } from './sql.ts';
import { type SessionListSqlRow, toClassroomRow, toSessionRow } from './views.ts';

/** The SQL behind each list column the contract allows (DESIGN §4); the special ones are handled below. */
const columns = columnsFor(contract.classes.list, {
  classroomName: classrooms.classroomName,
  classroomLevel: classrooms.classroomLevel,
  classroomType: classrooms.classroomType,
  classroomNumber: classrooms.classroomNumber,
  lessonType: classrooms.lessonType,
  state: classroomStateSql,
  archived: classrooms.archived,
  teacherPublicKey: classrooms.teacherKey,
  teacherName: teacherNameSql,
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

/**
 * The class lists' where: ordinary columns through the shared compiler; students, consultants and
 * teachers by key as indexed EXISTS / equality; fromTime and toTime (SPEC §9: date filters are Equal
 * on fromTime and toTime, each alone in its group) as "has a live session starting in [from, to)".
 */
export function classroomWhere(where: readonly (readonly WhereCondition[])[]): SQL | undefined {
  const groups: SQL[] = [];
  let from: number | undefined;
  let to: number | undefined;
  for (const group of where) {
    const parts: SQL[] = [];
    for (const condition of group) {
      const name = condition.column.toLowerCase();
      if (name === 'fromtime' || name === 'totime') {
        if (group.length !== 1) throw invalid(condition.column);
        if (name === 'fromtime') from = timeOperand(condition);
        else to = timeOperand(condition);
      } else if (name === 'teacherpublickey') {
        parts.push(negate(condition, sql`(${c('teacher_key')} = ${keyOperand(condition)})`));
      } else if (name === 'studentpublickey') {
        const key = keyOperand(condition);
        parts.push(
          negate(
            condition,
            sql`exists (select 1 from classroom_students wst where wst.classroom_id = ${c('classroom_id')} and wst.student_key = ${key})`,
          ),
        );
      } else if (name === 'consultantpublickey') {
        const key = keyOperand(condition);
        parts.push(
          negate(
            condition,
            sql`exists (select 1 from classroom_students wst join users wu on wu.public_key = wst.student_key where wst.classroom_id = ${c('classroom_id')} and wu.consultant_key = ${key})`,
          ),
        );
      } else if (name === 'studentname') {
        if (typeof condition.operand !== 'string') throw invalid(condition.column);
        const match =
          condition.comparison === 'Contains'
            ? sql`wu.full_name ilike ${`%${escapeLike(condition.operand)}%`} escape '\\'`
            : sql`wu.full_name = ${condition.operand}`;
        parts.push(
          negate(
            condition,
            sql`exists (select 1 from classroom_students wst join users wu on wu.public_key = wst.student_key where wst.classroom_id = ${c('classroom_id')} and ${match})`,
          ),
        );
      } else {
        parts.push(compileWhere([[condition]], columns)!);
      }
    }
    if (parts.length) groups.push(sql`(${sql.join(parts, sql` or `)})`);
  }
  if (from !== undefined || to !== undefined) {
    groups.push(
      sql`exists (select 1 from classroom_sessions wcs where wcs.classroom_id = ${c('classroom_id')} and wcs.state <> 'canceled'
        ${from !== undefined ? sql`and wcs.start_at >= to_timestamp(${from}::float8)` : sql``}
        ${to !== undefined ? sql`and wcs.start_at < to_timestamp(${to}::float8)` : sql``})`,
    );
  }
  return groups.length ? sql.join(groups, sql` and `) : undefined;
}

/** One query for the page and its total (window count); a second only for a page past the end. */
export async function listClassrooms(
  q: Queryable,
  query: ListQuery,
  scope: SQL | undefined,
  allCap: number,
): Promise<{ data: ClassroomRow[]; totalCount: number }> {
  const compiled = compileListQuery(
    { ...query, where: [] },
    {
      columns,
      tiebreaker: classrooms.classroomId,
      allCap,
    },
  );
  const where = and(scope, classroomWhere(query.where));
  const rows = await q
    .select({ ...classroomRowFields, totalCount: totalCountColumn })
    .from(classrooms)
    .where(where)
    .orderBy(...compiled.orderBy)
    .limit(compiled.limit)
    .offset(compiled.offset);
  const page = await finishPage(rows, compiled, async () => {
    const [row] = await q.select({ n: count() }).from(classrooms).where(where);
    return row?.n ?? 0;
  });
  return { data: page.data.map(toClassroomRow), totalCount: page.totalCount };
}

/** Sessions in [start, end) with their classroom, in start order (SPEC §7 GetAllClassroomsFilteredByDate). */
export async function listSessions(q: Queryable, body: FilteredByDateBody, scope: SQL | undefined) {
  const conditions: SQL[] = [
    sql`cs.start_at >= to_timestamp(${body.start}::float8)`,
    sql`cs.start_at < to_timestamp(${body.end}::float8)`,
  ];
  if (scope) conditions.push(scope);
  if (body.classroomsId?.length) conditions.push(sql`cs.classroom_id in (${inList(body.classroomsId)})`);
  if (body.teachersPublicKey?.length)
    conditions.push(sql`cs.teacher_key in (${inList(body.teachersPublicKey)})`);
  if (body.studentsPublicKey?.length) {
    conditions.push(
      sql`exists (select 1 from classroom_students fst where fst.classroom_id = cs.classroom_id and fst.student_key in (${inList(body.studentsPublicKey)}))`,
    );
  }
  const consultants =
    body.academicConsultantPublicKey === undefined ? [] : [body.academicConsultantPublicKey].flat();
  if (consultants.length) {
    conditions.push(
      sql`exists (select 1 from classroom_students fst join users fu on fu.public_key = fst.student_key where fst.classroom_id = cs.classroom_id and fu.consultant_key in (${inList(consultants)}))`,
    );
  }
  const lessonTypes = body.lessonType === undefined ? [] : [body.lessonType].flat();
  if (lessonTypes.length) conditions.push(sql`${c('lesson_type')} in (${inList(lessonTypes)})`);
  if (body.states?.length) conditions.push(sql`cs.state in (${inList(body.states)})`);
  const { index, size } = body.page;
  const rows = await rowsOf<SessionListSqlRow>(
    q,
    sql`select cs.session_id, cs.classroom_id, cs.available_time_id, cs.start_at, cs.end_at, cs.duration_minutes, cs.state,
        cs.classroom_number, cs.financial_confirmation, cs.confirmation, cs.changes_confirmed_by_teacher,
        cs.changes_confirmed_by_scheduling_admin, (cs.teaching_date is not null) as has_info,
        (exists (select 1 from classroom_students pst where pst.classroom_id = cs.classroom_id)
          and not exists (select 1 from classroom_students pst where pst.classroom_id = cs.classroom_id
            and not exists (select 1 from session_presences sp where sp.session_id = cs.session_id and sp.student_key = pst.student_key))) as has_presence,
        ${c('classroom_name')} as classroom_name, ${c('classroom_type')} as classroom_type, ${c('lesson_type')} as lesson_type,
        ${classroomStateSql} as classroom_state, cs.teacher_key, (select tu.full_name from users tu where tu.public_key = cs.teacher_key) as teacher_name,
        coalesce((select json_agg(json_build_object('publicKey', su.public_key, 'fullName', su.full_name) order by su.full_name)
          from classroom_students sst join users su on su.public_key = sst.student_key where sst.classroom_id = cs.classroom_id), '[]'::json) as students,
        count(*) over() as total_count
      from classroom_sessions cs join classrooms on ${c('classroom_id')} = cs.classroom_id
      where ${sql.join(conditions, sql` and `)}
      order by cs.start_at, cs.session_id
      limit ${size} offset ${(index - 1) * size}`,
  );
  let totalCount = rows.length ? Number(rows[0]!.total_count) : 0;
  if (!rows.length && index > 1) {
    const [row] = await rowsOf<{ n: number }>(
      q,
      sql`select count(*)::int as n from classroom_sessions cs join classrooms on ${c('classroom_id')} = cs.classroom_id where ${sql.join(conditions, sql` and `)}`,
    );
    totalCount = Number(row?.n ?? 0);
  }
  return { data: rows.map((r): ClassSessionRow => toSessionRow(r)), totalCount };
}

/** Classes where a user studies, teaches or assists, within the caller's scope. */
export async function classroomsOfUser(q: Queryable, userKey: string, scope: SQL | undefined) {
  const rows = await q
    .select({
      ...classroomRowFields,
      relation: sql<
        'student' | 'teacher' | 'assistant'
      >`case when ${c('teacher_key')} = ${userKey} then 'teacher' when ${c('assistant_key')} = ${userKey} then 'assistant' else 'student' end`,
    })
    .from(classrooms)
    .where(
      and(
        scope,
        sql`(${c('teacher_key')} = ${userKey} or ${c('assistant_key')} = ${userKey}
          or exists (select 1 from classroom_students ust where ust.classroom_id = ${c('classroom_id')} and ust.student_key = ${userKey}))`,
      ),
    )
    .orderBy(sql`${classrooms.createMoment} desc`, classrooms.classroomId)
    .limit(1000);
  return rows.map(({ relation, ...row }) => ({ ...toClassroomRow(row), relation }));
}
