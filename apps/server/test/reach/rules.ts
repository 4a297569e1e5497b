import { can, type Permission, type Role } from '@tutoria/shared';
import type { ClassLabel, Fixture, FixtureUser, UserLabel } from './model.ts';

/**
 * Who reaches whom, written from the rules (DESIGN §6, `scope.ts`, issue 26), not from what the
 * server answers today; the row test derives every expected row from these and the fixture.
 *
 * - Students: the unscoped roles every student; a consultant their consultees; a teacher or an
 *   assistant the students of the live (not Deleted) classes they teach or assist; a student themself.
 * - Classrooms: Admin every one (classes.readDeleted); the other unscoped roles every live one; a
 *   consultant the live ones where a consultee sits; a teacher or an assistant the live ones they
 *   teach or assist; a student the live ones they sit in.
 * - Academic records (presence, feedback, homework, exams, reports, parent links, files) of a
 *   student in a class: the caller reaches both. Roster: everyone of a reached class by name; the
 *   key and the consultant only of a reached student.
 * - Money: the student reached (the class is not asked), and never for a teacher or an assistant.
 * - Users: the unscoped roles everyone; scoped staff themself, the students they reach and the
 *   staff directory (names, no contacts); a student themself. Login history: the people in reach only.
 *
 * The table is written here again, not read from packages/shared/src/scope.ts: a change there that
 * widens or narrows a role shows here as rows seen or missed.
 */
const rules: Record<
  Role,
  {
    students: 'all' | 'consultees' | 'classrooms' | 'self';
    classrooms: 'all' | 'consultees' | 'teachesOrAssists' | 'enrolled';
    staffContacts: boolean;
  }
> = {
  Admin: { students: 'all', classrooms: 'all', staffContacts: true },
  FinancialAdmin: { students: 'all', classrooms: 'all', staffContacts: true },
  SchedulingAdmin: { students: 'all', classrooms: 'all', staffContacts: true },
  TeamLeader: { students: 'all', classrooms: 'all', staffContacts: true },
  AcademicConsultant: { students: 'consultees', classrooms: 'consultees', staffContacts: false },
  Teacher: { students: 'classrooms', classrooms: 'teachesOrAssists', staffContacts: false },
  AssistantTeacher: { students: 'classrooms', classrooms: 'teachesOrAssists', staffContacts: false },
  Student: { students: 'self', classrooms: 'enrolled', staffContacts: false },
};
export interface Reach {
  user: FixtureUser;
  role: Role;
  has(permission: Permission): boolean;
  classrooms: ReadonlySet<ClassLabel>;
  students: ReadonlySet<UserLabel>;
  /** The student's academic records in that class. */
  record(student: UserLabel, classroom: ClassLabel): boolean;
  money(student: UserLabel): boolean;
  /** Details, pickers, the directory (ignoreRoleFilter), counts. */
  seesUser(user: UserLabel): boolean;
  /** The users list without the directory, login history: oneself and the students in reach. */
  listsUser(user: UserLabel): boolean;
  /** Phone and e-mail. */
  seesContact(user: UserLabel): boolean;
}

export const isStudent = (f: Fixture, u: UserLabel) => f.users[u].role === 'Student';
export const students = (f: Fixture) => (Object.keys(f.users) as UserLabel[]).filter((u) => isStudent(f, u));

export function reachOf(f: Fixture, label: UserLabel): Reach {
  const user = f.users[label];
  const role = user.role;
  const scope = rules[role];
  const has = (permission: Permission) => can({ role }, permission);
  const live = Object.values(f.classes).filter((c) => !c.deleted || has('classes.readDeleted'));
  const classrooms = new Set(
    live
      .filter((c) => {
        switch (scope.classrooms) {
          case 'all':
            return true;
          case 'consultees':
            return c.students.some((s) => f.users[s].consultant === label);
          case 'teachesOrAssists':
            return c.teacher === label || c.assistant === label;
          case 'enrolled':
            return c.students.includes(label);
        }
      })
      .map((c) => c.label),
  );
  const reached = new Set(
    students(f).filter((s) => {
      switch (scope.students) {
        case 'all':
          return true;
        case 'consultees':
          return f.users[s].consultant === label;
        case 'classrooms':
          return Object.values(f.classes).some(
            (c) => !c.deleted && (c.teacher === label || c.assistant === label) && c.students.includes(s),
          );
        case 'self':
          return s === label;
      }
    }),
  );
  const unscoped = scope.students === 'all';
  const listsUser = (u: UserLabel) => unscoped || u === label || reached.has(u);
  return {
    user,
    role,
    has,
    classrooms,
    students: reached,
    record: (s, c) => classrooms.has(c) && reached.has(s),
    money: (s) => scope.students !== 'classrooms' && reached.has(s),
    listsUser,
    seesUser: (u) => listsUser(u) || (role !== 'Student' && !isStudent(f, u)),
    seesContact: (u) => listsUser(u) || scope.staffContacts,
  };
}

/** A class's roster as a caller reading it sees it: every name; key and consultant of the students reached. */
export function rosterRows(f: Fixture, r: Reach, c: ClassLabel, withConsultant = true): string[] {
  return f.classes[c].students.flatMap((s) => [
    `${c} roster ${s}`,
    ...(r.students.has(s)
      ? [`${c} key ${s}`, ...(withConsultant && f.users[s].consultant ? [`${c} consultant ${s}`] : [])]
      : []),
  ]);
}

/** Roster rows read from an answer's students: `{ publicKey|null, name, consultant? }`. */
export function readRoster(
  f: Fixture,
  c: string,
  entries: { key: string | null; name: string; consultant?: string | null }[],
): string[] {
  return entries.flatMap((e) => {
    const who = label(f, e.name);
    return [
      `${c} roster ${who}`,
      ...(e.key ? [`${c} key ${label(f, e.key)}`] : []),
      ...(e.consultant ? [`${c} consultant ${who}`] : []),
    ];
  });
}

/** The fixture's label of an id or a name; an unknown one shows as itself, marked. */
export const label = (f: Fixture, idOrName: string | null | undefined) =>
  idOrName == null ? '(null)' : (f.labels.get(idOrName) ?? `?${idOrName}`);

/** Held sessions of a class, by label. */
export const heldSessions = (f: Fixture, c: ClassLabel) => f.classes[c].sessions.filter((s) => s.held);
