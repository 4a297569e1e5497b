import { contract } from '@tutoria/shared';
import { ABSENT, type ReadCase, type ReadEntry } from './harness.ts';
import { type ClassLabel, classLabels, type Fixture, type FixtureSession } from './model.ts';
import { label, type Reach, students } from './rules.ts';

/**
 * The teaching-hours report and the roll call (issue 29): staff only (a Student is refused), every figure made of the
 * held sessions of the live classes the caller reaches; the fixture's centre is in UTC and all its
 * classes are A-Level offline. Rows: a session count per figure, and the sessions behind them.
 */
const r = contract.teachingHours;
const json = (res: { json(): unknown }) => res.json() as Record<string, unknown>;
const monthOf = (s: FixtureSession) => {
  const d = new Date(s.start * 1000);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
};

/** The held sessions of live classes the caller reaches. */
const reachedHeld = (f: Fixture, reach: Reach) =>
  f.sessions.filter((s) => s.held && !f.classes[s.classroom].deleted && reach.classrooms.has(s.classroom));

const months = (f: Fixture) => {
  const seen = new Map<string, { year: number; month: number }>();
  for (const s of f.sessions.filter((x) => x.held)) seen.set(JSON.stringify(monthOf(s)), monthOf(s));
  return [...seen.values()];
};

/** One case per month with held sessions; the rows a staff caller sees, a Student refused. */
const perMonth =
  (
    extra: Record<string, string>,
    rows: (sessions: FixtureSession[], at: { year: number; month: number }) => string[],
  ) =>
  (f: Fixture): ReadCase[] =>
    months(f).map((at) => ({
      name: `${at.year}-${at.month}`,
      input: { query: { ...at, ...extra } },
      expected: (reach) => {
        const inMonth = reachedHeld(f, reach).filter((s) => {
          const m = monthOf(s);
          return m.year === at.year && m.month === at.month;
        });
        return rows(inMonth, at);
      },
    }));

const count = (prefix: string, sessions: FixtureSession[]) =>
  sessions.length ? [`${prefix}: ${sessions.length}`] : [];

const dayOf = (s: FixtureSession) => new Date(s.start * 1000).toISOString().slice(0, 10);

/** A day's roll call: each session of the live classes reached, with the students reached in it. */
const rollCallCases = (f: Fixture): ReadCase[] =>
  [...new Set(f.sessions.map(dayOf))].map((day) => ({
    name: day,
    input: { query: { day } },
    expected: (reach) => {
      return f.sessions
        .filter(
          (s) => dayOf(s) === day && !f.classes[s.classroom].deleted && reach.classrooms.has(s.classroom),
        )
        .flatMap((s) => [
          `session ${s.label}`,
          ...f.classes[s.classroom].students
            .filter((u) => reach.students.has(u))
            .map((u) => `${s.label} ${u}`),
        ]);
    },
  }));

/** The fixture's whole span as a period of days (UTC, a few weeks). */
const wholeRange = (f: Fixture) => ({
  from: new Date(f.range.start * 1000).toISOString().slice(0, 10),
  to: new Date(f.range.end * 1000).toISOString().slice(0, 10),
});

/** A class's sessions the roll call counts: the live ones (a disabled class's held ones stay). */
const liveSessions = (f: Fixture, cl: ClassLabel) =>
  f.classes[cl].sessions.filter((s) => !f.classes[cl].deleted || s.held);

/** A class's roll call over the period: a class reached, its sessions and its students reached. */
const classRollCallCases = (f: Fixture): ReadCase[] =>
  classLabels.map((cl) => ({
    name: cl,
    input: { query: { classroomId: f.classes[cl].id, ...wholeRange(f) } },
    expected: (reach) =>
      reach.classrooms.has(cl)
        ? [
            'found',
            ...liveSessions(f, cl).map((s) => `session ${s.label}`),
            ...f.classes[cl].students.filter((u) => reach.students.has(u)).map((u) => `student ${u}`),
          ]
        : [ABSENT],
  }));

/** A student's roll call over the period: a student reached, in the live classes reached. */
const studentRollCallCases = (f: Fixture): ReadCase[] =>
  students(f).map((u) => ({
    name: u,
    input: { query: { studentPublicKey: f.users[u].publicKey, ...wholeRange(f) } },
    expected: (reach) => {
      if (!reach.students.has(u)) return [ABSENT];
      const classes = classLabels.filter(
        (cl) => f.classes[cl].students.includes(u) && !f.classes[cl].deleted && reach.classrooms.has(cl),
      );
      return [
        'found',
        ...classes.flatMap((cl) => f.classes[cl].sessions.map((s) => `session ${s.label}`)),
        ...classes.map((cl) => `class ${cl}`),
      ];
    },
  }));
/** Exam scores per class (issue 29): the scored exams of the reached students in each live class reached, over the fixture's days. */
const examScoresCases = (f: Fixture): ReadCase[] => [
  {
    name: 'every class',
    input: {
      query: {
        from: new Date(f.range.start * 1000).toISOString().slice(0, 10),
        to: new Date(f.range.end * 1000).toISOString().slice(0, 10),
      },
    },
    expected: (reach) =>
      classLabels.flatMap((cl) => {
        if (f.classes[cl].deleted) return [];
        const n = f.exams.filter((e) => e.classroom === cl && e.scored && reach.record(e.student, cl)).length;
        return n ? [`${cl} scored ${n}`] : [];
      }),
  },
];

export const centreReportReads: ReadEntry[] = [
  // exam scores compared between classes (issue 29)
  {
    endpoint: contract.examScores.classes,
    cases: examScoresCases,
    rows: (res, f) =>
      (json(res).classes as { classroomId: string; examCount: number }[]).map(
        (x) => `${label(f, x.classroomId)} scored ${x.examCount}`,
      ),
  },
  {
    endpoint: contract.rollCall.classroom,
    cases: classRollCallCases,
    rows: (res, f) => [
      'found',
      ...(json(res).sessions as { sessionId: string }[]).map((s) => `session ${label(f, s.sessionId)}`),
      ...(json(res).students as { studentPublicKey: string }[]).map(
        (s) => `student ${label(f, s.studentPublicKey)}`,
      ),
    ],
  },
  {
    endpoint: contract.rollCall.student,
    cases: studentRollCallCases,
    rows: (res, f) => [
      'found',
      ...(json(res).sessions as { sessionId: string }[]).map((s) => `session ${label(f, s.sessionId)}`),
      ...(json(res).classes as { classroomId: string }[]).map((c) => `class ${label(f, c.classroomId)}`),
    ],
  },
  {
    endpoint: contract.rollCall.day,
    cases: rollCallCases,
    rows: (res, f) =>
      (json(res).sessions as { sessionId: string; students: { studentPublicKey: string }[] }[]).flatMap(
        (s) => [
          `session ${label(f, s.sessionId)}`,
          ...s.students.map((x) => `${label(f, s.sessionId)} ${label(f, x.studentPublicKey)}`),
        ],
      ),
  },
  {
    endpoint: r.year,
    cases: (f) =>
      perMonth({}, (sessions, at) => count(`month ${at.month}`, sessions))(f).map((c) => ({
        ...c,
        input: { query: { year: (c.input.query as { year: number }).year } },
      })),
    rows: (res) =>
      (json(res).months as { month: number; sessionCount: number }[])
        .filter((m) => m.sessionCount)
        .map((m) => `month ${m.month}: ${m.sessionCount}`),
  },
  {
    endpoint: r.levels,
    cases: perMonth({}, (sessions) => count('A_LEVEL', sessions)),
    rows: (res) =>
      (json(res).levels as { level: string; sessionCount: number }[]).map(
        (l) => `${l.level}: ${l.sessionCount}`,
      ),
  },
  {
    endpoint: r.lessons,
    cases: perMonth({ level: 'A_LEVEL' }, (sessions) => count('A_LEVEL_Offline', sessions)),
    rows: (res) =>
      (json(res).lessons as { lessonType: string; sessionCount: number }[]).map(
        (l) => `${l.lessonType}: ${l.sessionCount}`,
      ),
  },
  {
    endpoint: r.sessions,
    cases: perMonth({ level: 'A_LEVEL', lessonType: 'A_LEVEL_Offline', size: '1000' }, (sessions) =>
      sessions.map((s) => s.label),
    ),
    rows: (res, f) => (json(res).data as { sessionId: string }[]).map((s) => label(f, s.sessionId)),
  },
];
