import { contract } from '@tutoria/shared';
import type { ClassLabel, Fixture, UserLabel } from './model.ts';
import { ABSENT, everyRow, foundOr, type ReadEntry } from './harness.ts';
import { heldSessions, label, type Reach, readRoster, rosterRows } from './rules.ts';

/** Timetables and classes (scheduling): which classes and sessions a caller sees, and whose presence. */
const c = contract.classes;
const tt = contract.timetable;

const json = (res: { json(): unknown }) => res.json() as Record<string, unknown>;

interface SessionOut {
  sessionId: string;
  presences: { studentPublicKey: string }[];
}
interface RosterIn {
  publicKey?: string | null;
  studentPublicKey?: string | null;
  fullName?: string;
  studentName?: string;
  consultantPublicKey?: string | null;
}
interface ClassRowOut {
  classroomId: string;
  students: RosterIn[];
}

const roster = (f: Fixture, classroomId: string, students: RosterIn[]) =>
  readRoster(
    f,
    label(f, classroomId),
    students.map((s) => ({
      key: s.publicKey ?? s.studentPublicKey ?? null,
      name: (s.fullName ?? s.studentName)!,
      consultant: s.consultantPublicKey,
    })),
  );
const classRows = (f: Fixture, rows: ClassRowOut[]) =>
  rows.flatMap((row) => [label(f, row.classroomId), ...roster(f, row.classroomId, row.students)]);
const presenceRows = (f: Fixture, sessions: SessionOut[]) =>
  sessions.flatMap((s) =>
    s.presences.map((p) => `presence ${label(f, s.sessionId)} ${label(f, p.studentPublicKey)}`),
  );

/** The presences a caller reads in a class: held sessions, students reached. */
const expectedPresences = (f: Fixture, r: Reach, cl: ClassLabel) =>
  f.presences.filter((p) => p.classroom === cl && r.students.has(p.student)).map((p) => p.label);
const classes = (f: Fixture) => Object.values(f.classes);
const teachesOrAssists = (f: Fixture, cl: ClassLabel, u: UserLabel) =>
  f.classes[cl].teacher === u || f.classes[cl].assistant === u;

/** The session rows of a timetable answer: every teacher's slots' sessions. */
const timetableSessions = (res: { json(): unknown }, f: Fixture) =>
  (res.json() as { availableTimes: { sessions: { sessionId: string }[] }[] }[]).flatMap((timetable) =>
    timetable.availableTimes.flatMap((slot) => slot.sessions.map((s) => label(f, s.sessionId))),
  );
const past = (f: Fixture) => ({ start: f.range.start, end: f.future.start });
/**
 * Sessions a timetable shows: the held ones (the range is the past) of the live classes reached — a
 * disabled class's sessions hold no teacher's time, so no timetable shows them, the Admin's neither.
 */
const reachedHeld = (f: Fixture, r: Reach, only: (cl: ClassLabel) => boolean = () => true) =>
  [...r.classrooms]
    .filter((cl) => only(cl) && !f.classes[cl].deleted)
    .flatMap((cl) => heldSessions(f, cl).map((s) => s.label));

export const schedulingReads: ReadEntry[] = [
  {
    endpoint: tt.getForAdmin,
    cases: (f) => [{ name: 'past weeks', input: { query: past(f) }, expected: (r) => reachedHeld(f, r) }],
    rows: timetableSessions,
  },
  {
    endpoint: tt.getForTeacher,
    cases: (f) => [
      {
        name: 'past weeks',
        input: { query: past(f) },
        expected: (r) => reachedHeld(f, r, (cl) => f.classes[cl].teacher === r.user.label),
      },
    ],
    rows: timetableSessions,
  },
  {
    endpoint: tt.filteredByDate,
    cases: (f) => [{ name: 'past weeks', input: { body: past(f) }, expected: (r) => reachedHeld(f, r) }],
    rows: timetableSessions,
  },
  {
    endpoint: c.checkTimes,
    cases: (f) => {
      const clash = f.classes.G.sessions.find((s) => !s.held)!;
      return [
        {
          name: "T1 and every student at G's next session",
          input: {
            body: {
              teacherPublicKey: f.users.T1.publicKey,
              studentsPublicKey: (['S1', 'S2', 'S3', 'S4'] as const).map((s) => f.users[s].publicKey),
              times: [{ start: clash.start, end: clash.end }],
            },
          },
          expected: (r) => [
            ...(r.classrooms.has('G') ? ['conflict G'] : []),
            ...f.classes.G.students.filter((s) => r.students.has(s)).map((s) => `conflict ${s}`),
          ],
        },
      ];
    },
    rows: (res, f) =>
      (
        json(res).times as { conflicts: { studentPublicKey: string | null; classroomId: string | null }[] }[]
      ).flatMap((time) =>
        time.conflicts.flatMap((x) => [
          ...(x.studentPublicKey ? [`conflict ${label(f, x.studentPublicKey)}`] : []),
          ...(x.classroomId ? [`conflict ${label(f, x.classroomId)}`] : []),
        ]),
      ),
  },
  {
    endpoint: c.list,
    cases: (f) => [
      {
        name: 'every class',
        input: { body: everyRow },
        expected: (r) => [...r.classrooms].flatMap((cl) => [cl, ...rosterRows(f, r, cl, false)]),
      },
    ],
    rows: (res, f) => classRows(f, json(res).data as ClassRowOut[]),
  },
  {
    endpoint: c.listOfTeacher,
    cases: (f) => [
      {
        name: 'own classes',
        input: { body: everyRow },
        expected: (r) =>
          [...r.classrooms]
            .filter((cl) => teachesOrAssists(f, cl, r.user.label))
            .flatMap((cl) => [cl, ...rosterRows(f, r, cl, false)]),
      },
    ],
    rows: (res, f) => classRows(f, json(res).data as ClassRowOut[]),
  },
  {
    endpoint: c.get,
    cases: (f) =>
      classes(f).map((cl) => ({
        name: cl.label,
        input: { query: { classroomId: cl.id } },
        expected: (r) =>
          foundOr(r.classrooms.has(cl.label), () => [
            ...rosterRows(f, r, cl.label),
            ...expectedPresences(f, r, cl.label),
          ]),
      })),
    rows: (res, f) => {
      const body = res.json() as { classroomId: string; students: RosterIn[]; times: SessionOut[] };
      return ['found', ...roster(f, body.classroomId, body.students), ...presenceRows(f, body.times)];
    },
  },
  {
    endpoint: c.filteredByDate,
    cases: (f) => [
      {
        name: 'every session',
        input: { body: { ...f.range, page: { index: 1, size: 500 } } },
        expected: (r) =>
          [...r.classrooms].flatMap((cl) => [
            ...f.classes[cl].sessions.map((s) => s.label),
            ...rosterRows(f, r, cl, false),
          ]),
      },
    ],
    rows: (res, f) =>
      (json(res).data as (ClassRowOut & { sessionId: string })[]).flatMap((row) => [
        label(f, row.sessionId),
        ...roster(f, row.classroomId, row.students),
      ]),
  },
  {
    endpoint: c.timesState,
    cases: (f) =>
      classes(f).map((cl) => ({
        name: cl.label,
        input: { query: { classroomId: cl.id } },
        expected: (r) => foundOr(r.classrooms.has(cl.label)),
      })),
    rows: () => ['found'],
  },
  {
    endpoint: c.notAvailableStudents,
    cases: (f) => [
      {
        name: 'every student, the weeks ahead',
        input: {
          query: {
            ...f.future,
            studentsPublicKey: (['S1', 'S2', 'S3', 'S4'] as const).map((s) => f.users[s].publicKey).join(','),
          },
        },
        // Booked (live) sessions ahead: D's were cancelled when it was disabled.
        expected: (r) =>
          [...r.classrooms]
            .filter((cl) => !f.classes[cl].deleted)
            .flatMap((cl) =>
              f.classes[cl].sessions
                .filter((s) => !s.held)
                .flatMap((s) =>
                  f.classes[cl].students
                    .filter((st) => r.students.has(st))
                    .map((st) => `${s.label} busy ${st}`),
                ),
            ),
      },
    ],
    rows: (res, f) =>
      (json(res).data as { sessionId: string; studentPublicKey: string }[]).map(
        (x) => `${label(f, x.sessionId)} busy ${label(f, x.studentPublicKey)}`,
      ),
  },
  {
    endpoint: c.notAvailableRooms,
    cases: (f) => [
      {
        name: 'every room, the weeks ahead',
        input: { query: f.future },
        expected: (r) =>
          [...r.classrooms]
            .filter((cl) => !f.classes[cl].deleted)
            .flatMap((cl) => f.classes[cl].sessions.filter((s) => !s.held).map((s) => s.label)),
      },
    ],
    rows: (res, f) => (json(res).data as { sessionId: string }[]).map((x) => label(f, x.sessionId)),
  },
  {
    endpoint: c.ofUser,
    cases: (f) =>
      (['S1', 'S2', 'S3', 'S4', 'T1', 'T2', 'A1'] as const).map((u) => ({
        name: u,
        input: { query: { publicKey: f.users[u].publicKey } },
        // The classes the caller reaches that the user belongs to, whoever the user is: a user the
        // caller does not reach shares none with them, or only classes the caller sees anyway.
        expected: (r) =>
          [...r.classrooms]
            .filter((cl) => f.classes[cl].students.includes(u) || teachesOrAssists(f, cl, u))
            .flatMap((cl) => [cl, ...rosterRows(f, r, cl, false)]),
      })),
    rows: (res, f) => classRows(f, json(res).data as ClassRowOut[]),
  },
  {
    endpoint: c.passedLessons,
    cases: (f) =>
      classes(f).map((cl) => ({
        name: cl.label,
        input: { query: { classroomId: cl.id } },
        expected: (r) =>
          r.classrooms.has(cl.label)
            ? [...heldSessions(f, cl.label).map((s) => s.label), ...expectedPresences(f, r, cl.label)]
            : [ABSENT],
      })),
    rows: (res, f) => sessionsWithPresences(f, json(res).data as SessionOut[]),
  },
  {
    endpoint: c.sessionsOfLesson,
    cases: (f) =>
      classes(f).map((cl) => ({
        name: cl.label,
        input: { query: { classroomId: cl.id, classroomLessonId: cl.lessonId } },
        expected: (r) =>
          r.classrooms.has(cl.label)
            ? [...heldSessions(f, cl.label).map((s) => s.label), ...expectedPresences(f, r, cl.label)]
            : [ABSENT],
      })),
    rows: (res, f) => sessionsWithPresences(f, json(res).data as SessionOut[]),
  },
];

const sessionsWithPresences = (f: Fixture, sessions: SessionOut[]) => [
  ...sessions.map((s) => label(f, s.sessionId)),
  ...presenceRows(f, sessions),
];
