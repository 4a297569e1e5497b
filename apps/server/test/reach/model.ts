import type { Role } from '@tutoria/shared';
import type { Person } from '../scheduling-factories.ts';
import type { TestApp } from '../test-app.ts';

/**
 * The fixed centre of the role × area row test (issue 26, "One rule for who reaches whom"): one
 * caller per unscoped role, two consultants, two teachers, an assistant and four students in four
 * classes — G (T1, assistant A1, S1 and S2: students of both consultants), P (T2, S3), D (T2, S4;
 * disabled last, so it is Deleted) and H (T1, S1 and S2: the second class a transfer needs). Every
 * row the test reads carries a readable label (`G1`, `hw G1 S1`, `dep S1 G 501`…), so a failure
 * names the rows a caller saw or missed.
 */
export const userLabels = [
  'Admin',
  'FinancialAdmin',
  'SchedulingAdmin',
  'TeamLeader',
  'C1',
  'C2',
  'T1',
  'T2',
  'A1',
  'S1',
  'S2',
  'S3',
  'S4',
] as const;
export type UserLabel = (typeof userLabels)[number];
export const classLabels = ['G', 'P', 'D', 'H'] as const;
export type ClassLabel = (typeof classLabels)[number];

export const roleOf: Record<UserLabel, Role> = {
  Admin: 'Admin',
  FinancialAdmin: 'FinancialAdmin',
  SchedulingAdmin: 'SchedulingAdmin',
  TeamLeader: 'TeamLeader',
  C1: 'AcademicConsultant',
  C2: 'AcademicConsultant',
  T1: 'Teacher',
  T2: 'Teacher',
  A1: 'AssistantTeacher',
  S1: 'Student',
  S2: 'Student',
  S3: 'Student',
  S4: 'Student',
};
export const consultantOf: Partial<Record<UserLabel, UserLabel>> = { S1: 'C1', S3: 'C1', S2: 'C2', S4: 'C2' };

/** Which class, taught by whom, with whom, at which hours (weeks from this Monday), held or ahead. */
export const classPlan: Record<
  ClassLabel,
  {
    teacher: UserLabel;
    assistant: UserLabel | null;
    students: UserLabel[];
    hour: number;
    heldWeeks: number[];
  }
> = {
  G: { teacher: 'T1', assistant: 'A1', students: ['S1', 'S2'], hour: 9, heldWeeks: [-2, -1] },
  P: { teacher: 'T2', assistant: null, students: ['S3'], hour: 11, heldWeeks: [-2, -1] },
  D: { teacher: 'T2', assistant: null, students: ['S4'], hour: 13, heldWeeks: [-2, -1] },
  H: { teacher: 'T1', assistant: null, students: ['S1', 'S2'], hour: 15, heldWeeks: [-1] },
};

export interface FixtureUser extends Person {
  label: UserLabel;
  consultant: UserLabel | null;
}

export interface FixtureSession {
  label: string;
  id: string;
  classroom: ClassLabel;
  start: number;
  end: number;
  /** Past and recorded (state haveclass); the others are in the future (D's are cancelled by the disable). */
  held: boolean;
}

export interface FixtureClass {
  label: ClassLabel;
  id: string;
  name: string;
  teacher: UserLabel;
  assistant: UserLabel | null;
  students: UserLabel[];
  deleted: boolean;
  lessonId: string;
  lessonName: string;
  lessonTitle: string;
  sessions: FixtureSession[];
}

/** A per-student record of a class: homework, exam, homework file, parent link, deposit, side cost… */
export interface StudentRow {
  label: string;
  id: string;
  student: UserLabel;
  classroom: ClassLabel;
}
export interface SessionRow extends StudentRow {
  session: string;
}

export interface Fixture {
  t: TestApp;
  dataDir: string;
  users: Record<UserLabel, FixtureUser>;
  classes: Record<ClassLabel, FixtureClass>;
  sessions: FixtureSession[];
  homeworks: (SessionRow & { done: boolean; subtitle: string })[];
  exams: (SessionRow & { scored: boolean; feedback: string })[];
  /** Presence and feedback of every student at every held session (the feedback text names the row). */
  presences: (Omit<SessionRow, 'id'> & { feedback: string })[];
  homeworkFiles: (SessionRow & { homework: string })[];
  parentLinks: SessionRow[];
  /** Deposits for a class, and (issue 28) contract payments, whose `classroom` is null. */
  deposits: (Omit<StudentRow, 'classroom'> & { classroom: ClassLabel | null; amount: number; confirmed: boolean; receipt: boolean })[];
  transfers: (StudentRow & { destination: ClassLabel; amount: number; confirmed: boolean })[];
  sideCosts: (StudentRow & { amount: number })[];
  /** Every credit account (student, class) the ledger holds once the fixture is built, with what is left. */
  creditAccounts: { student: UserLabel; classroom: ClassLabel; remaining: number }[];
  coursePlans: { label: string; id: string; student: UserLabel }[];
  applications: { label: string; id: string; student: UserLabel }[];
  notifications: { label: string; id: string; user: UserLabel; read: boolean }[];
  teacherFees: { label: string; id: string; teacher: UserLabel }[];
  /** A paid settlement (an other payment) of each teacher (issue 28). */
  settlements: { label: string; id: string; teacher: UserLabel }[];
  /** A contract of each student (issue 28); some with a file. */
  contracts: { label: string; id: string; student: UserLabel; file: boolean }[];
  /** Who answered the open survey round (each with a comment), for which class and teacher. */
  survey: { answers: { student: UserLabel; classroom: ClassLabel; teacher: UserLabel }[] };
  /** Every id and name the answers may carry → its label. */
  labels: Map<string, string>;
  /** From before the first session to after the last. */
  range: { start: number; end: number };
  /** The future only: from today to after the last session. */
  future: { start: number; end: number };
}
