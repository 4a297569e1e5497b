import type { Role } from './permissions.ts';

/**
 * How far each role reaches (DESIGN §6), written once. Permissions say *what* a role may do; this
 * table says *on which records*. The server's one reach policy (`apps/server/src/access/reach.ts`)
 * turns it into SQL conditions every area adds to its queries; the browser reads the same table to
 * hide what is out of reach. A record out of reach answers as if it did not exist
 * (FETCH_DATA_FAILED / 404). Inside a classroom the caller reaches, per-student records are read
 * only for the students the caller reaches (a consultant their consultees', a Student their own).
 */
export interface RoleScope {
  /**
   * Which students (their accounts and every per-student record: presence, feedback, homework,
   * exams, reports, money).
   * - `all`: every student of the centre;
   * - `consultees`: the students whose consultant the caller is;
   * - `classrooms`: the students of the live classrooms the caller teaches or assists;
   * - `self`: only the caller.
   */
  students: 'all' | 'consultees' | 'classrooms' | 'self';
  /**
   * Which classrooms (and their sessions).
   * - `all`: every classroom;
   * - `teachesOrAssists`: those whose teacher or assistant the caller is;
   * - `enrolled`: those the caller sits in as a student;
   * - `consultees`: those where one of the caller's consultees sits.
   */
  classrooms: 'all' | 'teachesOrAssists' | 'enrolled' | 'consultees';
  /**
   * Other staff members' contact details (phone, e-mail): `all`, or `none` — the staff directory a
   * scoped role sees holds names, roles and pictures only. Everyone sees their own.
   */
  staffContacts: 'all' | 'none';
}

export const roleScopes: Record<Role, RoleScope> = {
  Admin: { students: 'all', classrooms: 'all', staffContacts: 'all' },
  FinancialAdmin: { students: 'all', classrooms: 'all', staffContacts: 'all' },
  SchedulingAdmin: { students: 'all', classrooms: 'all', staffContacts: 'all' },
  TeamLeader: { students: 'all', classrooms: 'all', staffContacts: 'all' },
  AcademicConsultant: { students: 'consultees', classrooms: 'consultees', staffContacts: 'none' },
  Teacher: { students: 'classrooms', classrooms: 'teachesOrAssists', staffContacts: 'none' },
  AssistantTeacher: { students: 'classrooms', classrooms: 'teachesOrAssists', staffContacts: 'none' },
  Student: { students: 'self', classrooms: 'enrolled', staffContacts: 'none' },
};

export const scopeOf = (role: Role): RoleScope => roleScopes[role];

/** A role that reaches every record of an area (no condition is added to its queries). */
export const reachesAllClassrooms = (role: Role) => roleScopes[role].classrooms === 'all';
export const reachesAllStudents = (role: Role) => roleScopes[role].students === 'all';
