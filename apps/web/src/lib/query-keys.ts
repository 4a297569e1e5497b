import type { BaseType, ListQueryInput, Role, SurveyReportQuery } from '@tutoria/shared';

/**
 * Every TanStack Query key of the browser, one family per area (docs/architecture.md "Query keys").
 * A key starts with its family's root, so invalidating `<family>.all` refreshes every query of the
 * family. Features import the families they read or refresh by name: a feature that refreshes
 * another's data after a change (money moves sessions, so finance refreshes `classKeys`) says so in
 * its imports. Lint refuses a key written as an array anywhere else.
 */

export const authKeys = {
  /** The signed-in user (a change to any user refreshes it: it may be the one changed). */
  user: ['auth', 'user'] as const,
};

export const usersKeys = {
  all: ['users'] as const,
  list: (body: ListQueryInput, ignoreRoleFilter: boolean) =>
    ['users', 'list', body, ignoreRoleFilter] as const,
  details: (publicKey: string | null) => ['users', 'details', publicKey] as const,
  consultants: ['users', 'consultants'] as const,
  picker: (role: Role, search: string) => ['users', 'picker', role, search] as const,
  counts: ['users', 'counts'] as const,
  loginHistory: (publicKey: string | null, page: number, size: number) =>
    ['users', 'loginHistory', publicKey, page, size] as const,
  audit: (publicKey: string | null, page: number, size: number) =>
    ['users', 'audit', publicKey, page, size] as const,
};

/** Courses show lesson data too, so lesson changes refresh both families. */
export const lessonKeys = {
  all: ['lessons'] as const,
  list: (query: ListQueryInput) => ['lessons', 'list', query] as const,
  picker: (search: string) => ['lessons', 'picker', search] as const,
  names: ['lessons', 'names'] as const,
};

export const courseKeys = {
  all: ['courses'] as const,
  list: (query: ListQueryInput) => ['courses', 'list', query] as const,
  picker: (search: string) => ['courses', 'picker', search] as const,
  evaluation: (studentKeys: string[], baseType: BaseType | null) =>
    ['courses', 'evaluation', studentKeys, baseType] as const,
};

export const classKeys = {
  all: ['classes'] as const,
  list: (teacherOnly: boolean, query: ListQueryInput) => ['classes', 'list', teacherOnly, query] as const,
  sessions: (body: unknown) => ['classes', 'sessions', body] as const,
  details: (classroomId: string | null) => ['classes', 'details', classroomId] as const,
  numbers: ['classes', 'numbers'] as const,
  busy: (params: unknown) => ['classes', 'busy', params] as const,
};

export const scheduleKeys = {
  all: ['schedule'] as const,
  timetable: (mode: 'admin' | 'teacher', range: object) => ['schedule', mode, range] as const,
  // issue 30: the admin week in pages of teachers, and the teachers without their week
  week: (range: object) => ['schedule', 'week', range] as const,
  teachers: ['schedule', 'teachers'] as const,
};

export const academicKeys = {
  all: ['academic'] as const,
  session: (sessionId: string) => ['academic', 'session', sessionId] as const,
  studentClass: (classroomId: string, studentPublicKey: string) =>
    ['academic', 'student', classroomId, studentPublicKey] as const,
  sessionReport: (sessionId: string, studentPublicKey: string) =>
    ['academic', 'sessionReport', sessionId, studentPublicKey] as const,
  parentLinks: {
    all: ['academic', 'parentLinks'] as const,
    of: (sessionId: string, studentPublicKey: string) =>
      ['academic', 'parentLinks', sessionId, studentPublicKey] as const,
  },
  /** The student-level reports; `studentKey` null: the caller's own. */
  report: (name: string, studentKey: string | null, extra: Record<string, unknown> = {}) =>
    ['academic', 'reports', name, studentKey ?? 'me', extra] as const,
  /** The person a staff member reads a student report of. */
  reportPerson: (publicKey: string) => ['academic', 'reports', 'person', publicKey] as const,
  missing: (classroomId: string) => ['academic', 'missing', classroomId] as const,
};

/** The parent page's one read: outside every signed-in family. */
export const parentReportKeys = {
  report: (reportId: string) => ['parentReport', reportId] as const,
};

export const financeKeys = {
  all: ['finance'] as const,
  deposits: (query: ListQueryInput) => ['finance', 'deposits', query] as const,
  sums: (where: unknown) => ['finance', 'sums', where] as const,
  own: (isConfirmed: boolean | undefined) => ['finance', 'own', isConfirmed] as const,
  ownBalance: ['finance', 'ownBalance'] as const,
  history: (depositId: string) => ['finance', 'history', depositId] as const,
  charges: (classroomId: string) => ['finance', 'charges', classroomId] as const,
  transfers: (query: unknown) => ['finance', 'transfers', query] as const,
  transferBalance: (studentPublicKey: string | null) =>
    ['finance', 'transferBalance', studentPublicKey] as const,
  ownTransfers: ['finance', 'ownTransfers'] as const,
  guide: (studentPublicKey: string | null, classroomId: string | null) =>
    ['finance', 'guide', studentPublicKey, classroomId] as const,
  balances: (query: ListQueryInput) => ['finance', 'balances', query] as const,
  /** The classes a deposit or transfer form offers. */
  classOptions: ['finance', 'classOptions'] as const,
  /** Teacher fees and a class's teacher salary. */
  fees: {
    all: ['finance', 'fees'] as const,
    list: (query: ListQueryInput) => ['finance', 'fees', 'list', query] as const,
    salary: (classroomId: string) => ['finance', 'fees', 'salary', classroomId] as const,
  },
  sideCosts: (classroomId: string) => ['finance', 'sideCosts', classroomId] as const,
  /** Every student's side costs (issue 28): a side cost saved refreshes it with the family. */
  sideCostList: (query: ListQueryInput) => ['finance', 'sideCostList', query] as const,
  /** A student's money on their page (issue 31): a deposit or transfer changed refreshes it. */
  studentMoney: (studentKey: string | null) => ['finance', 'studentMoney', studentKey ?? 'me'] as const,
  /** Teacher settlements (issue 28): under finance, so a payment refreshes every money figure. */
  settlements: {
    all: ['finance', 'settlements'] as const,
    list: (query: ListQueryInput) => ['finance', 'settlements', 'list', query] as const,
    own: (query: ListQueryInput) => ['finance', 'settlements', 'own', query] as const,
    guide: (query: unknown) => ['finance', 'settlements', 'guide', query] as const,
    groupGuide: (query: unknown) => ['finance', 'settlements', 'groupGuide', query] as const,
    sums: ['finance', 'settlements', 'sums'] as const,
    mine: (year: number | null) => ['finance', 'settlements', 'mine', year] as const,
  },
  /** Contracts (issue 28): under finance, so a contract payment confirmed refreshes their paid and balance. */
  contracts: {
    all: ['finance', 'contracts'] as const,
    list: (query: ListQueryInput) => ['finance', 'contracts', 'list', query] as const,
    student: (studentPublicKey: string | null) =>
      ['finance', 'contracts', 'student', studentPublicKey] as const,
  },
  /** Profit per class and per consultant (issue 28): under finance, so any money change refreshes it. */
  profit: {
    all: ['finance', 'profit'] as const,
    classes: (body: unknown) => ['finance', 'profit', 'classes', body] as const,
    classSessions: (query: unknown) => ['finance', 'profit', 'classSessions', query] as const,
    consultants: (period: unknown) => ['finance', 'profit', 'consultants', period] as const,
    consultantClasses: (query: unknown) => ['finance', 'profit', 'consultantClasses', query] as const,
  },
};

export const progressKeys = {
  all: ['progress'] as const,
  student: (publicKey: string) => ['progress', 'student', publicKey] as const,
  mine: ['progress', 'mine'] as const,
};

/** A student's page (issue 31): one query per section; a null key is the signed-in student's own page. */
export const studentPageKeys = {
  all: ['studentPage'] as const,
  overview: (studentKey: string | null) => ['studentPage', 'overview', studentKey ?? 'me'] as const,
  week: (studentKey: string | null, from: number, to: number) =>
    ['studentPage', 'week', studentKey ?? 'me', from, to] as const,
  academic: (studentKey: string | null) => ['studentPage', 'academic', studentKey ?? 'me'] as const,
  progress: (studentKey: string | null) => ['studentPage', 'progress', studentKey ?? 'me'] as const,
  surveys: (studentKey: string | null) => ['studentPage', 'surveys', studentKey ?? 'me'] as const,
};

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (everyone: boolean, query: ListQueryInput) => ['notifications', 'list', everyone, query] as const,
  unread: ['notifications', 'unread'] as const,
  classChoices: (search: string) => ['notifications', 'classChoices', search] as const,
};

export const notificationChannelKeys = {
  all: ['notificationChannels'] as const,
  choices: ['notificationChannels', 'choices'] as const,
  webhook: ['notificationChannels', 'webhook'] as const,
};

/** The Admin's settings (issue 33): failed background jobs and the backups' overview. */
export const settingsKeys = {
  all: ['settings'] as const,
  failedJobs: (query: ListQueryInput) => ['settings', 'failedJobs', query] as const,
  backups: ['settings', 'backups'] as const,
  // calendar feeds (issue 29)
  calendarFeed: ['settings', 'calendarFeed'] as const,
};

export const surveyKeys = {
  all: ['surveys'] as const,
  questions: ['surveys', 'questions'] as const,
  rounds: (query: ListQueryInput) => ['surveys', 'rounds', query] as const,
  mine: ['surveys', 'mine'] as const,
  report: (query: SurveyReportQuery) => ['surveys', 'report', query] as const,
  classChoices: ['surveys', 'classChoices'] as const,
};

export const dashboardKeys = {
  /** The caller's dashboard (issue 29). */
  day: ['dashboard', 'day'] as const,
};

/** staff tasks (issue 29): the caller's task counts (the page and the sidebar's badge share them). */
export const taskKeys = {
  staff: ['tasks', 'staff'] as const,
};

/** The centre's reports (issue 29): read afresh on each visit, as sessions and presences change. */
export const centreReportKeys = {
  teachingHours: (...parts: unknown[]) => ['centreReports', 'teachingHours', ...parts] as const,
  rollCall: (...parts: unknown[]) => ['centreReports', 'rollCall', ...parts] as const,
  examScores: (query: object) => ['centreReports', 'examScores', query] as const,
  presence: (query: object) => ['centreReports', 'presence', query] as const,
  homework: (query: object) => ['centreReports', 'homework', query] as const,
  workload: (query: object) => ['centreReports', 'workload', query] as const,
};
