import { contract, type StudentPageSections } from '@tutoria/shared';
import { type ClassLabel, classLabels, type Fixture, type UserLabel } from './model.ts';
import { ABSENT, type ReadCase, type ReadEntry } from './harness.ts';
import { label, type Reach, students } from './rules.ts';

/**
 * A student's page (issue 31): every section about a student the caller reaches (else 404), each
 * built of that student's records in the classes the caller reaches — a teacher the classes they
 * teach, no money; money by the money rule; a student only their own page.
 */
const p = contract.studentPage;
const json = (res: { json(): unknown }) => res.json() as Record<string, unknown>;
const DAY = 86_400;

/** What each caller may see of a student it reaches, from the permissions the sections' screens need. */
function sections(r: Reach): StudentPageSections {
  const own = r.role === 'Student';
  const teaching = r.role === 'Teacher' || r.role === 'AssistantTeacher';
  return {
    week: r.has('classes.read'),
    academic: r.has('reports.read'),
    money: own ? r.has('deposits.readOwn') : r.has('finance.read') && !teaching,
    progress: own ? r.has('coursePlans.readOwn') : r.has('coursePlans.read'),
    surveys: own ? r.has('surveys.answer') : r.has('coursePlans.read') || r.has('surveys.manage'),
    logins: !own && !teaching && r.has('users.read'),
  };
}

/** One case per student, named by key; `shown` says whether the section answers at all. */
const perStudent =
  (
    rows: (f: Fixture, r: Reach, s: UserLabel) => string[],
    shown: (r: Reach, s: UserLabel) => boolean,
    extra: (f: Fixture) => Record<string, unknown> = () => ({}),
  ) =>
  (f: Fixture): ReadCase[] =>
    students(f).map((s) => ({
      name: s,
      input: { query: { studentPublicKey: f.users[s].publicKey, ...extra(f) } },
      expected: (r) => (shown(r, s) ? ['found', ...rows(f, r, s)] : [ABSENT]),
    }));

const reached = (section: keyof StudentPageSections) => (r: Reach, s: UserLabel) =>
  r.students.has(s) && sections(r)[section];
const classesOf = (f: Fixture, r: Reach, s: UserLabel): ClassLabel[] =>
  classLabels.filter((cl) => f.classes[cl].students.includes(s) && r.record(s, cl));

/** The week asked: from the first held week's Monday, 31 days (every session of the fixture but the range's edges). */
const weekOf = (f: Fixture) => ({ from: f.range.start + 7 * DAY, to: f.range.start + 38 * DAY });

/** A student's credit accounts: the classes they sit in and those the ledger holds money of theirs in. */
function accountsOf(f: Fixture, s: UserLabel) {
  const sits = classLabels.filter((cl) => f.classes[cl].students.includes(s));
  const held = f.creditAccounts.filter((x) => x.student === s).map((x) => x.classroom);
  return [...new Set([...sits, ...held])].map((cl) => `${s} ${cl}`);
}

export const studentReads: ReadEntry[] = [
  {
    endpoint: p.overview,
    cases: perStudent(
      (f, r, s) => [
        `card ${s}`,
        `contact ${s}`,
        ...(f.users[s].consultant ? [`consultant of ${s}`] : []),
        ...classesOf(f, r, s).map((cl) => `${s} in ${cl}`),
        ...Object.entries(sections(r))
          .filter(([, may]) => may)
          .map(([name]) => `may ${name}`),
      ],
      (r, s) => r.students.has(s),
    ),
    rows: (res, f) => {
      const body = json(res) as {
        student: { publicKey: string; phoneNumber: string | null; consultant: { publicKey: string } | null };
        classes: { classroomId: string }[];
        sections: Record<string, boolean>;
      };
      const who = label(f, body.student.publicKey);
      return [
        'found',
        `card ${who}`,
        ...(body.student.phoneNumber ? [`contact ${who}`] : []),
        ...(body.student.consultant ? [`consultant of ${who}`] : []),
        ...body.classes.map((c) => `${who} in ${label(f, c.classroomId)}`),
        ...Object.entries(body.sections)
          .filter(([, may]) => may)
          .map(([name]) => `may ${name}`),
      ];
    },
  },
  {
    endpoint: p.week,
    cases: perStudent(
      (f, r, s) =>
        classesOf(f, r, s).flatMap((cl) =>
          f.classes[cl].sessions.flatMap((x) => [x.label, ...(x.held ? [`presence ${x.label}`] : [])]),
        ),
      reached('week'),
      weekOf,
    ),
    rows: (res, f) => [
      'found',
      ...(json(res).data as { sessionId: string; presence: string | null }[]).flatMap((x) => [
        label(f, x.sessionId),
        ...(x.presence ? [`presence ${label(f, x.sessionId)}`] : []),
      ]),
    ],
  },
  {
    endpoint: p.money,
    cases: perStudent(
      (f, _r, s) => [
        ...accountsOf(f, s),
        ...f.deposits.filter((x) => x.student === s).map((x) => x.label),
        ...f.transfers.filter((x) => x.student === s).map((x) => x.label),
      ],
      (r, s) => r.money(s) && sections(r).money,
    ),
    rows: (res, f) => {
      const body = json(res) as {
        balances: { studentPublicKey: string; classroomId: string }[];
        deposits: { depositId: string }[];
        transfers: { transferId: string }[];
      };
      return [
        'found',
        ...body.balances.map((b) => `${label(f, b.studentPublicKey)} ${label(f, b.classroomId)}`),
        ...body.deposits.map((x) => label(f, x.depositId)),
        ...body.transfers.map((x) => label(f, x.transferId)),
      ];
    },
  },
  {
    endpoint: p.academic,
    cases: perStudent((f, r, s) => classesOf(f, r, s), reached('academic')),
    rows: (res, f) => ['found', ...(json(res).classes as { classroomId: string }[]).map((c) => label(f, c.classroomId))],
  },
  {
    endpoint: p.progress,
    cases: perStudent(
      (f, _r, s) => [...f.coursePlans, ...f.applications].filter((x) => x.student === s).map((x) => x.label),
      reached('progress'),
    ),
    rows: (res, f) => {
      const body = json(res) as {
        coursePlan: { progressStageCoursePlanId: string }[];
        applications: { progressStageApplicationId: string }[];
      };
      return [
        'found',
        ...body.coursePlan.map((x) => label(f, x.progressStageCoursePlanId)),
        ...body.applications.map((x) => label(f, x.progressStageApplicationId)),
      ];
    },
  },
  {
    endpoint: p.surveys,
    // The fixture's one round spans every held session: a class to rate per live class the student sits in.
    cases: perStudent(
      (f, _r, s) => {
        const items = classLabels.filter((cl) => !f.classes[cl].deleted && f.classes[cl].students.includes(s)).length;
        const rated = f.survey.answers.filter((a) => a.student === s).length;
        return items || rated ? [`round items ${items} rated ${rated}`] : [];
      },
      reached('surveys'),
    ),
    rows: (res) => [
      'found',
      ...(json(res).rounds as { items: number; answeredItems: number }[]).map(
        (x) => `round items ${x.items} rated ${x.answeredItems}`,
      ),
    ],
  },
];
