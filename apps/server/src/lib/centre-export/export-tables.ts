import { is } from 'drizzle-orm';
import { getTableConfig, type PgColumn, PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../db/schema/index.ts';

/**
 * What the centre's export holds (issue 33), read from the Drizzle schema: every table, its
 * columns and their SQL types, less the secrets. A table added to the schema is exported at once;
 * `tableMeanings` must say what it holds (a unit test fails until it does).
 */

/** One line per table: what a row is. */
export const tableMeanings: Record<string, string> = {
  audit_log: 'The audit trail: who changed which record, when, and its values before and after.',
  auth_sessions: 'Signed-in sessions and when they expire or were revoked (their tokens are left out).',
  available_times: "Teachers' available time slots in their timetables.",
  calendar_feed_tokens: "Private calendar feed addresses: whose feed, held by whom, made when (the address's secret is left out).",
  classroom_lessons: "A class's lessons (copied from the catalogue) in teaching order.",
  classroom_salaries: "A class's teacher salary per hour.",
  classroom_sessions: 'Class sessions: when, with whom, their state and what was taught.',
  classroom_specifications: 'Which course specifications a class follows.',
  classroom_students: 'Which students are in which class.',
  classrooms: 'Classes: name, level, type, teacher, assistant and state.',
  consultant_shares: "Each academic consultant's share of the profit of their students' classes (percent), who set it and when.",
  contract_additions: "Each contract's additional contracts: title and value, in order.",
  contract_file_tickets: 'One-use download tickets of contract files (the ticket itself is left out).',
  contract_files: 'Files attached to contracts (the files themselves are not in the export).',
  contracts: "Students' contracts (school and university applications, projects): type, value and discount; payments are deposits of type Contract.",
  course_file_tickets: "One-use download tickets of course files (the ticket itself is left out).",
  course_files: 'Files attached to course specifications (the files themselves are not in the export).',
  course_plan_entries: "Students' course plans: lesson types, topics and suggested hours.",
  course_plan_export_tickets: 'One-use course-plan export tickets (the ticket itself is left out).',
  deposit_method_sums: 'Running totals of deposits per payment method (confirmed and waiting).',
  deposit_receipt_tickets: 'One-use download tickets of deposit receipts (the ticket itself is left out).',
  deposit_receipts: 'Receipt files attached to deposits (the files themselves are not in the export).',
  deposits: "Students' deposits (for a class, or of type Contract for a contract): amount, discount, method and the confirmation trail.",
  exams: "Students' exam results per session and lesson.",
  homework_file_tickets: 'One-use download tickets of homework files (the ticket itself is left out).',
  homework_files: 'Files handed in or returned with homework (the files themselves are not in the export).',
  homeworks: "Students' homework per session: deadline, state, feedback and score.",
  jobs: 'The background job queue: reminders, deliveries and other work, with failures and their errors.',
  ledger_entries: "The finance ledger's entries: one amount on one account per line (each transaction sums to zero).",
  ledger_transactions: "The finance ledger's transactions: what moved money, and which reversed which.",
  lesson_progress: "Each class lesson's teaching and review progress per session.",
  lessons: 'The lesson catalogue: name, title, level, type and teaching hours.',
  login_attempts: 'Sign-in attempts: who, from where, whether they succeeded.',
  notification_channel_settings: "The centre's notification channel settings (the webhook address is left out).",
  notification_deliveries: 'E-mails and webhook posts of notifications and their outcome.',
  notification_preferences: "Users' chosen notification channels per message type and language.",
  notification_stream_tickets: 'One-use tickets of the live notification stream (the ticket itself is left out).',
  notifications: 'In-app notifications: recipient, type, message and whether read.',
  one_time_codes: 'One-time codes sent to users (the codes themselves are left out).',
  outbox_events: 'The event outbox: changes other areas reacted to, and their dispatch.',
  parent_report_links: 'Links sent to parents to read a session report (the link secret is left out).',
  progress_application_stages: "The stages an application reached, and when.",
  progress_applications: "Students' applications to schools and universities.",
  session_academic_flags: 'Per session: which academic records (exam, homework, review, teaching) are not expected.',
  session_presences: "Students' presence and feedback per session.",
  session_earning_sums: "Each session's earnings per teacher and class, net of their reversals.",
  session_revenue_sums: "What each session brought in: its students' charges net of corrections.",
  settlement_sessions: 'The sessions each teacher settlement pays, with their hours and what each earned.',
  settlement_sums: "Each settlement's sessions: how many, their hours, their classes and what they brought in.",
  settlements: "Teacher settlements: teaching salary or other payments, period, amount and the payment trail.",
  specification_lessons: 'The lessons of each course specification, in order.',
  specifications: 'Course specifications (curricula): title, level and type.',
  student_credit_sums: "Each student's money per class: paid, used, side costs and remaining.",
  student_prices: "A student's cost and discount per hour in a class.",
  student_profiles: "Students' profiles: school, targets, tests and scores.",
  student_side_costs: 'Side costs charged to a student in a class.',
  survey_answers: 'The ratings given to each survey question.',
  survey_questions: 'Survey questions in English and Chinese.',
  survey_responses: "Students' survey responses per class and teacher, with comments.",
  survey_round_questions: 'Which questions each survey round asked.',
  survey_rounds: 'Survey rounds: title and when they were open.',
  teacher_fees: "Teachers' fees per teacher type and lesson type.",
  teacher_money_sums: "Each teacher's money per class: earned, paid, unpaid and other payments; and the class's held sessions of the teacher (earned, not reversed) and their booked minutes.",
  teacher_timetables: "Teachers' timetables and the lessons they teach.",
  transfers: "Money moved between a student's classes, with its confirmation trail.",
  users: 'Everyone who uses the centre: name, role, contact, consultant and status (passwords are left out).',
};

/**
 * Columns never exported, each with why: credentials and secrets (a hash of one is as good as a
 * password against a guess, a ticket or link secret opens a record, a webhook address posts to a chat).
 */
export const leftOutColumns: Record<string, Record<string, string>> = {
  users: { password_hash: 'password hash' },
  auth_sessions: { access_token_hash: 'session token hash', refresh_token_hash: 'session token hash' },
  one_time_codes: { code_hash: 'one-time code hash' },
  parent_report_links: { report_hash: 'parent-link secret' },
  calendar_feed_tokens: { token_hash: 'calendar feed address secret' },
  notification_stream_tickets: { ticket_hash: 'stream ticket hash' },
  course_file_tickets: { ticket_hash: 'download ticket hash' },
  homework_file_tickets: { ticket_hash: 'download ticket hash' },
  deposit_receipt_tickets: { ticket_hash: 'download ticket hash' },
  contract_file_tickets: { ticket_hash: 'download ticket hash' },
  course_plan_export_tickets: { ticket_hash: 'download ticket hash' },
  notification_channel_settings: { webhook_url: 'webhook address (it alone lets anyone post to the chat)' },
};

/** How a column's value is written as text; `number` cells are never formula-neutralised (a minus sign stays). */
export type ValueForm = 'text' | 'number' | 'time' | 'date' | 'json';

export interface ExportColumn {
  name: string;
  sqlType: string;
  nullable: boolean;
  form: ValueForm;
  column: PgColumn;
}

export interface ExportTable {
  name: string;
  /** The file in the archive. */
  file: string;
  meaning: string;
  columns: ExportColumn[];
  table: PgTable;
}

function formOf(sqlType: string): ValueForm {
  if (sqlType.endsWith('[]') || sqlType === 'jsonb' || sqlType === 'json') return 'json';
  if (sqlType.startsWith('timestamp')) return 'time';
  if (sqlType === 'date') return 'date';
  if (/^(numeric|integer|bigint|smallint|bigserial|serial|real|double precision)/.test(sqlType)) return 'number';
  return 'text';
}

let cached: ExportTable[] | undefined;

/** Every table of the schema, by name, with the columns the export writes. */
export function exportTables(): ExportTable[] {
  cached ??= (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => {
      const config = getTableConfig(table);
      const left = leftOutColumns[config.name] ?? {};
      return {
        name: config.name,
        file: `${config.name}.csv`,
        meaning: tableMeanings[config.name] ?? '',
        table,
        columns: config.columns
          .filter((column) => !(column.name in left))
          .map((column) => ({
            name: column.name,
            sqlType: column.getSQLType(),
            nullable: !column.notNull,
            form: formOf(column.getSQLType()),
            column,
          })),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  return cached!;
}
