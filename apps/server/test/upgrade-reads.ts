import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { allEndpoints, contract, type Endpoint, lessonTypes, levels } from '@tutoria/shared';
import type { Db } from '../src/db/client.ts';
import { selectRow } from '../src/db/sql.ts';
import { postCommands } from './reach/coverage.ts';
import type { TestApp } from './test-app.ts';

/**
 * The contract's reads walked over a restored centre (previous-release.api.test.ts, issue 33): each
 * read's input built from its own schema, with the records a field names taken from the data (the
 * class with the most records, one of its held sessions and students). A read with a required field
 * nobody here knows fails the walk by name, as a new read should be walked too.
 */

/** Every read of the contract: GETs and the POSTs that change nothing (the row test's list). */
export const contractReads: readonly Endpoint[] = allEndpoints.filter(
  (e) => e.method === 'GET' || (e.method === 'POST' && !postCommands.includes(e.name)),
);

/** Reads the demo centre cannot feed a 200: they must still answer without a server error. */
export const fixtureLacks: Record<string, string> = {
  'users.image': 'the demo centre has no profile picture',
  'specifications.courseFileLink': 'the demo centre has no course file',
  'specifications.downloadCourseFile': 'the demo centre has no course file (so no ticket)',
  'academic.homeworkFileLink': 'the demo centre has no homework file',
  'academic.downloadHomeworkFile': 'the demo centre has no homework file (so no ticket)',
  'deposits.receiptLink': 'the demo centre has no deposit receipt',
  'deposits.downloadReceipt': 'the demo centre has no deposit receipt (so no ticket)',
  // contracts (issue 28): the previous release had none
  'contracts.fileLink': 'the demo centre of the previous release has no contract',
  'contracts.downloadFile': 'the demo centre of the previous release has no contract (so no ticket)',
  'academic.parentReport': 'a parent report link is stored as its hash only: the fixture cannot name one',
};

/** Reads of the caller's own record: staff without one (the Admin has no course plan) are answered 404. */
export const ownRecord = new Set(['progress.mine', 'progress.myExportLink', 'settlements.myEarnings']);

/** Reads not called here, with why. */
export const notWalked: Record<string, string> = {
  'notifications.stream': 'a live event stream that never ends; its ticket (notifications.streamTicket) is walked',
  'calendar.feed': 'a feed address is stored as its hash only and the previous release had none (calendar.api.test.ts reads feeds)',
};

/** The records the inputs name. */
export interface Picks {
  classroomId: string;
  classroomLessonId: string;
  sessionId: string;
  teacherKey: string;
  studentKey: string;
  baseType: string;
  depositId: string;
  /** The student's consultant, or any (profit of one consultant, issue 28). */
  consultantKey: string;
  /** From a day before the first session to a day after the last (at most 400 days). */
  start: number;
  end: number;
}

export async function pickRecords(db: Db): Promise<Picks> {
  const row = await selectRow<Omit<Picks, 'start' | 'end'> & { start: number; end: number }>(
    db,
    sql`with best as (
          select e.classroom_id, e.session_id, e.student_key from exams e
            join homeworks h on h.session_id = e.session_id and h.student_key = e.student_key
            join deposits d on d.student_key = e.student_key and d.classroom_id = e.classroom_id
           group by 1, 2, 3 order by count(*) desc, 1, 2, 3 limit 1)
        select b.classroom_id, b.session_id, b.student_key, c.teacher_key, u.base_type,
               coalesce(u.consultant_key, (select public_key from users where role = 'AcademicConsultant' order by 1 limit 1)) as consultant_key,
               (select classroom_lesson_id from classroom_lessons l where l.classroom_id = b.classroom_id order by position limit 1) as classroom_lesson_id,
               (select deposit_id from deposits d where d.student_key = b.student_key order by deposit_id limit 1) as deposit_id,
               (select extract(epoch from min(start_at))::int - 86400 from classroom_sessions) as start,
               (select extract(epoch from max(end_at))::int + 86400 from classroom_sessions) as "end"
          from best b join classrooms c on c.classroom_id = b.classroom_id join users u on u.public_key = b.student_key`,
  );
  if (!row) throw new Error('The restored centre has no student with exams, homework and a deposit in one class.');
  return { ...row, end: Math.min(row.end, row.start + 400 * 86400) };
}

const day = (epoch: number) => new Date(epoch * 1000).toISOString().slice(0, 10);

/** What a field of that name may hold, in the order tried (the first its schema accepts). */
function candidates(p: Picks): Record<string, unknown[]> {
  const hour = Math.ceil(p.end / 3600) * 3600 + 7 * 86400;
  return {
    start: [p.start],
    end: [p.end],
    // a student's week (issue 31): the data's last 31 days; a period of days (profit, the financial
    // report, issue 28): the data's whole span
    from: [p.end - 31 * 86400, day(p.start)],
    to: [p.end, day(p.end)],
    // teacher settlements (issue 28): the guides up to the last session, a teacher's month of hours
    toTime: [p.end],
    // a month as text (a teacher's month of hours) or as a number with its year (the teaching-hours
    // report, issue 29): the data's first month; its levels and lesson types, each tried in turn
    month: [new Date(p.start * 1000).toISOString().slice(0, 7), new Date(p.start * 1000).getUTCMonth() + 1],
    year: [new Date(p.start * 1000).getUTCFullYear()],
    level: [...levels],
    lessonType: [...lessonTypes],
    // the roll call of a day (issue 29): the day of the data's first session
    day: [day(p.start + 86400)],
    classroomId: [p.classroomId],
    classroomLessonId: [p.classroomLessonId],
    sessionId: [p.sessionId],
    teacherPublicKey: [p.teacherKey],
    studentPublicKey: [p.studentKey],
    consultantPublicKey: [p.consultantKey],
    publicKey: [p.studentKey],
    studentsPublicKey: [[p.studentKey], p.studentKey],
    baseType: [p.baseType],
    depositId: [p.depositId],
    // contracts (issue 28): the previous release's centre has none; a key that names none answers 404
    contractId: [randomUUID()],
    times: [[{ start: hour, end: hour + 3600 }]],
    format: ['csv'],
    page: [{ index: 1, size: 1000 }],
    size: [1000, 100],
    id: [randomUUID()],
    name: ['missing.png'],
    reportId: [randomUUID()],
    ticket: ['no-such-ticket-0123456789abcdef'],
  };
}

/**
 * Optional fields filled all the same: whole pages (every old row goes through today's reading and
 * answer), and the student a report is of (a staff caller's report names one).
 */
const alwaysFilled = new Set(['page', 'size', 'studentPublicKey', 'publicKey']);

type Shape = Record<string, z.ZodType>;

/** The object inside optional / default / pipe wrappers, if any. */
function shapeOf(schema: z.ZodType | undefined): Shape | undefined {
  let s = schema as unknown as { def: { type: string; in?: unknown; innerType?: unknown }; shape?: Shape } | undefined;
  for (let i = 0; s && i < 10; i++) {
    if (s.def.type === 'object') return s.shape;
    s = (s.def.in ?? s.def.innerType) as typeof s;
  }
  return undefined;
}

const onTheWire = (value: unknown) => (Array.isArray(value) ? value.join(',') : typeof value === 'object' ? value : String(value));

/** One part (query, body, params) filled: required fields and the paging ones. */
function fill(schema: z.ZodType, inQuery: boolean, p: Picks, missing: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const all = candidates(p);
  for (const [field, fieldSchema] of Object.entries(shapeOf(schema) ?? {})) {
    const optional = fieldSchema.safeParse(undefined).success;
    if (optional && !alwaysFilled.has(field)) continue;
    const wire = (v: unknown) => (inQuery ? onTheWire(v) : v);
    const value = (all[field] ?? []).find((v) => fieldSchema.safeParse(wire(v)).success);
    if (value !== undefined) out[field] = wire(value);
    else if (!optional) missing.push(field);
  }
  return out;
}

export interface BuiltInput {
  input: { query?: Record<string, unknown>; body?: unknown; params?: Record<string, string> };
  /** Required fields with no value, and schema refusals of the built input. */
  problems: string[];
}

export function buildInput(endpoint: Endpoint, p: Picks): BuiltInput {
  const problems: string[] = [];
  const input: BuiltInput['input'] = {};
  if (endpoint.query) input.query = fill(endpoint.query, true, p, problems);
  if (endpoint.body) input.body = fill(endpoint.body, false, p, problems);
  if (endpoint.params) input.params = fill(endpoint.params, true, p, problems) as Record<string, string>;
  for (const [part, schema] of [['query', endpoint.query], ['body', endpoint.body], ['params', endpoint.params]] as const) {
    const parsed = schema?.safeParse(input[part]);
    if (parsed && !parsed.success) problems.push(`${part}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
  }
  return { input, problems: problems.map((x) => `${endpoint.name}: ${x}`) };
}

/** A fresh one-use ticket for a course plan's download, made by a caller who may (the Admin). */
export async function coursePlanTicket(t: TestApp, token: string, studentKey: string): Promise<string> {
  const res = await t.call(contract.progress.exportLink, { body: { studentPublicKey: studentKey, format: 'csv' } }, { token });
  if (res.statusCode !== 200) throw new Error(`progress.exportLink answered ${res.statusCode}: ${res.body}`);
  return new URL((res.json() as { url: string }).url, 'http://x').searchParams.get('ticket') ?? '';
}

/** The student with a course plan (the plan's download needs one). */
export async function planStudent(db: Db): Promise<string | undefined> {
  const row = await selectRow<{ key: string }>(db, sql`select student_key as key from course_plan_entries order by 1 limit 1`);
  return row?.key;
}
