import type { Role } from './permissions.ts';

/**
 * How far each role reaches (DESIGN §6), written once. Permissions say *what* a role may do; this
 * table says *on which records*. The server turns each entry into one SQL condition per area (one
 * helper each, e.g. the classroom scope in scheduling, the user visibility in users); the browser
 * reads the same table to hide what is out of reach. A record out of reach answers as if it did
 * not exist (FETCH_DATA_FAILED / 404).
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
   * Inside a classroom the caller reaches, whose per-student records they read: `everyone`'s, or
   * only their `own` — a student of a group class sees classmates by display name only, never
   * their presence, feedback, scores, keys, consultants or money (issue #14).
   */
  classmates: 'everyone' | 'own';
  /**
   * Other staff members' contact details (phone, e-mail): `all`, or `none` — the staff directory a
   * scoped role sees holds names, roles and pictures only. Everyone sees their own.
   */
  staffContacts: 'all' | 'none';
}

export const roleScopes: Record<Role, RoleScope> = {
  Admin: { students: 'all', classrooms: 'all', classmates: 'everyone', staffContacts: 'all' },
  FinancialAdmin: { students: 'all', classrooms: 'all', classmates: 'everyone', staffContacts: 'all' },
  SchedulingAdmin: { students: 'all', classrooms: 'all', classmates: 'everyone', staffContacts: 'all' },
  TeamLeader: { students: 'all', classrooms: 'all', classmates: 'everyone', staffContacts: 'all' },
  AcademicConsultant: {
    students: 'consultees',
    classrooms: 'consultees',
    classmates: 'everyone',
    staffContacts: 'none',
  },
  Teacher: { students: 'classrooms', classrooms: 'teachesOrAssists', classmates: 'everyone', staffContacts: 'none' },
  AssistantTeacher: {
    students: 'classrooms',
    classrooms: 'teachesOrAssists',
    classmates: 'everyone',
    staffContacts: 'none',
  },
  Student: { students: 'self', classrooms: 'enrolled', classmates: 'own', staffContacts: 'none' },
};

export const scopeOf = (role: Role): RoleScope => roleScopes[role];

/** A role that reaches every record of an area (no condition is added to its queries). */
export const reachesAllClassrooms = (role: Role) => roleScopes[role].classrooms === 'all';
export const reachesAllStudents = (role: Role) => roleScopes[role].students === 'all';

/**
 * Whether `viewer` reads the per-student records of `studentKey` — presence, feedback, scores,
 * money, the student's key and consultant — in a classroom the viewer reaches (issue #14). A role
 * whose `classmates` is `own` reads only their own; a classmate appears by display name alone.
 * Every response that carries per-student records passes each record through this rule (the
 * scheduling module's `classmateView`, and the same for homework, exams, reports and parent links).
 */
export const readsStudentRecords = (viewer: { role: Role; publicKey: string }, studentKey: string) =>
  roleScopes[viewer.role].classmates === 'everyone' || viewer.publicKey === studentKey;
