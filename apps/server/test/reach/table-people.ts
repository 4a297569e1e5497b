import { contract, roles } from '@tutoria/shared';
import { type Fixture, userLabels, type UserLabel } from './model.ts';
import { everyRow, foundOr, type ReadEntry } from './harness.ts';
import { label, type Reach } from './rules.ts';

/** Users, notifications, course plans, surveys and teacher pay: whose rows a caller reads. */
const u = contract.users;
const json = (res: { json(): unknown }) => res.json() as Record<string, unknown>;

interface UserOut {
  publicKey: string;
  phoneNumber: string | null;
  emailAddress: string | null;
  consultant: string | null;
}
/** A user's row and its private parts: the contacts, and a student's consultant. */
const userRows = (f: Fixture, x: UserOut) => {
  const who = label(f, x.publicKey);
  return [
    who,
    ...(x.phoneNumber || x.emailAddress ? [`contact ${who}`] : []),
    ...(x.consultant ? [`consultant of ${who}`] : []),
  ];
};
const expectedUser = (f: Fixture, r: Reach, x: UserLabel) => [
  x,
  ...(r.seesContact(x) ? [`contact ${x}`] : []),
  ...(f.users[x].consultant ? [`consultant of ${x}`] : []),
];
const listed = (f: Fixture, r: Reach, shown: (x: UserLabel) => boolean) =>
  userLabels.filter(shown).flatMap((x) => expectedUser(f, r, x));

const ownOrAll = (f: Fixture, r: Reach, all: boolean) =>
  f.notifications.filter((n) => all || n.user === r.user.label).map((n) => n.label);
const planRows = (f: Fixture, s: UserLabel) =>
  [...f.coursePlans, ...f.applications].filter((p) => p.student === s).map((p) => p.label);
const progressRows = (res: { json(): unknown }, f: Fixture) => {
  const body = json(res) as {
    coursePlan: { progressStageCoursePlanId: string }[];
    applications: { progressStageApplicationId: string }[];
  };
  return [
    ...body.coursePlan.map((p) => label(f, p.progressStageCoursePlanId)),
    ...body.applications.map((a) => label(f, a.progressStageApplicationId)),
  ];
};
const studentsOf = (f: Fixture) => userLabels.filter((x) => f.users[x].role === 'Student');

export const peopleReads: ReadEntry[] = [
  {
    endpoint: u.list,
    cases: (f) => [
      { name: 'own reach', input: { query: {}, body: everyRow }, expected: (r) => listed(f, r, r.listsUser) },
      {
        name: 'with the staff directory',
        input: { query: { ignoreRoleFilter: true }, body: everyRow },
        expected: (r) => listed(f, r, r.seesUser),
      },
    ],
    rows: (res, f) => (json(res).data as UserOut[]).flatMap((x) => userRows(f, x)),
  },
  {
    endpoint: u.byRoleAndBaseType,
    cases: (f) => [
      {
        name: 'every role',
        input: { body: { roles: [...roles], size: 1000 } },
        expected: (r) => listed(f, r, r.seesUser),
      },
    ],
    rows: (res, f) => (json(res).data as UserOut[]).flatMap((x) => userRows(f, x)),
  },
  {
    endpoint: u.consultants,
    // The consultant picker: staff names, the same for everyone who may read users.
    cases: () => [{ name: 'every consultant', input: { body: {} }, expected: () => ['C1', 'C2'] }],
    rows: (res, f) => (res.json() as { publicKey: string }[]).map((x) => label(f, x.publicKey)),
  },
  {
    endpoint: u.countOfEachRole,
    cases: (f) => [
      {
        name: 'counts',
        input: {},
        expected: (r) =>
          roles.flatMap((role) => {
            const n = userLabels.filter((x) => f.users[x].role === role && r.seesUser(x)).length;
            return n ? [`${role} ${n}`] : [];
          }),
      },
    ],
    rows: (res) =>
      (json(res).roles as { role: string; total: number }[])
        .filter((x) => x.total > 0)
        .map((x) => `${x.role} ${x.total}`),
  },
  {
    endpoint: u.get,
    cases: (f) =>
      userLabels.map((x) => ({
        name: x,
        input: { query: { publicKey: f.users[x].publicKey } },
        expected: (r) => foundOr(r.seesUser(x), () => expectedUser(f, r, x)),
      })),
    rows: (res, f) => ['found', ...userRows(f, res.json() as UserOut)],
  },
  {
    endpoint: u.loginHistory,
    cases: (f) =>
      userLabels.map((x) => ({
        name: x,
        input: { query: { publicKey: f.users[x].publicKey } },
        expected: (r) => foundOr(r.listsUser(x)),
      })),
    rows: () => ['found'],
  },
  {
    endpoint: u.auditTrail,
    cases: (f) =>
      userLabels.map((x) => ({
        name: x,
        input: { query: { publicKey: f.users[x].publicKey } },
        expected: (r) => foundOr(r.seesUser(x)),
      })),
    rows: () => ['found'],
  },
  {
    endpoint: contract.notifications.adminList,
    cases: (f) => [
      {
        name: 'everyone’s',
        input: { body: everyRow },
        expected: (r) => ownOrAll(f, r, r.has('notifications.readAll')),
      },
    ],
    rows: (res, f) => (json(res).data as { messageId: string }[]).map((n) => label(f, n.messageId)),
  },
  {
    endpoint: contract.notifications.ownList,
    cases: (f) => [{ name: 'own', input: { body: everyRow }, expected: (r) => ownOrAll(f, r, false) }],
    rows: (res, f) => (json(res).data as { messageId: string }[]).map((n) => label(f, n.messageId)),
  },
  {
    endpoint: contract.notifications.unreadCount,
    cases: (f) => [
      {
        name: 'own',
        input: {},
        expected: (r) => [
          `unread ${f.notifications.filter((n) => n.user === r.user.label && !n.read).length}`,
        ],
      },
    ],
    rows: (res) => [`unread ${json(res).unreadCount}`],
  },
  {
    endpoint: contract.progress.studentCoursePlan,
    cases: (f) =>
      studentsOf(f).map((s) => ({
        name: s,
        input: { body: { publicKey: f.users[s].publicKey } },
        expected: (r) => foundOr(r.students.has(s), () => planRows(f, s)),
      })),
    rows: (res, f) => ['found', ...progressRows(res, f)],
  },
  {
    endpoint: contract.progress.list,
    cases: (f) => [
      {
        name: 'every entry',
        input: { body: everyRow },
        expected: (r) => f.coursePlans.filter((p) => r.students.has(p.student)).map((p) => p.label),
      },
    ],
    rows: (res, f) =>
      (json(res).data as { progressStageCoursePlanId: string }[]).map((p) =>
        label(f, p.progressStageCoursePlanId),
      ),
  },
  {
    endpoint: contract.progress.mine,
    cases: (f) => [{ name: 'own', input: {}, expected: (r) => planRows(f, r.user.label) }],
    rows: progressRows,
    // Staff holding coursePlans.readOwn (the Admin) have no plan of their own: none, or absent.
    emptyMeansAbsent: true,
  },
  {
    endpoint: contract.progress.exportLink,
    cases: (f) =>
      studentsOf(f).map((s) => ({
        name: s,
        input: { body: { studentPublicKey: f.users[s].publicKey, format: 'csv' } },
        expected: (r) => foundOr(r.students.has(s)),
      })),
    rows: () => ['found'],
  },
  {
    endpoint: contract.surveys.mine,
    // The classes and teachers to rate: the live classes the caller sits in, all held in the round.
    cases: (f) => [
      {
        name: 'open round',
        input: {},
        expected: (r) =>
          [...r.classrooms]
            .filter((cl) => f.classes[cl].students.includes(r.user.label))
            .map((cl) => `item ${cl} ${f.classes[cl].teacher}`),
      },
    ],
    rows: (res, f) =>
      (json(res).items as { classroomId: string; teacherPublicKey: string }[]).map(
        (i) => `item ${label(f, i.classroomId)} ${label(f, i.teacherPublicKey)}`,
      ),
  },
  {
    endpoint: contract.surveys.report,
    cases: (f) => [
      {
        name: 'default',
        input: { query: {} },
        expected: () => ['found'],
      },
      ...(['T1', 'T2'] as const).map((teacher) => ({
        name: `teacher ${teacher}`,
        input: { query: { teacherPublicKey: f.users[teacher].publicKey } },
        // A teacher reads their own report only; staff with surveys.manage anyone's.
        expected: (r: Reach) => foundOr(r.has('surveys.manage') || r.user.label === teacher),
      })),
      ...(['G', 'D'] as const).map((cl) => ({
        name: `class ${cl}`,
        input: { query: { classroomId: f.classes[cl].id } },
        expected: (r: Reach) => foundOr(r.classrooms.has(cl)),
      })),
    ],
    // Comments are anonymous to everyone (issue 27): no row ties one to a student.
    rows: () => ['found'],
  },
  {
    endpoint: contract.teacherFees.list,
    // Teacher pay: only fee managers may call it, and they read every teacher's fee.
    cases: (f) => [
      { name: 'every fee', input: { body: everyRow }, expected: () => f.teacherFees.map((x) => x.label) },
    ],
    rows: (res, f) => (json(res).data as { teacherFeeId: string }[]).map((x) => label(f, x.teacherFeeId)),
  },
  {
    endpoint: contract.teacherSalary.get,
    // Teacher pay of a class: fee and salary managers on the classes they reach, a teacher on their own.
    cases: (f) =>
      Object.values(f.classes).map((cl) => ({
        name: cl.label,
        input: { query: { classroomId: cl.id } },
        expected: (r) =>
          foundOr(
            r.classrooms.has(cl.label) &&
              (r.has('prices.setTeacherSalary') ||
                r.has('teacherFees.manage') ||
                (r.role === 'Teacher' && cl.teacher === r.user.label)),
          ),
      })),
    rows: () => ['found'],
  },
];
