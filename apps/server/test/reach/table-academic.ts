import { contract } from '@tutoria/shared';
import type { Fixture, FixtureSession } from './model.ts';
import { ABSENT, foundOr, type ReadEntry } from './harness.ts';
import { label, type Reach } from './rules.ts';

/** Academic records of a session or a student in a class: per-student rows only of students reached. */
const a = contract.academic;
const json = (res: { json(): unknown }) => res.json() as Record<string, unknown>;

interface HomeworkOut {
  homeworkId: string;
  files: { homeworkFileId: string }[];
}
const homeworkRows = (f: Fixture, hws: HomeworkOut[]) =>
  hws.flatMap((h) => [label(f, h.homeworkId), ...h.files.map((x) => label(f, x.homeworkFileId))]);
const examRows = (f: Fixture, exams: { examId: string }[]) => exams.map((e) => label(f, e.examId));

/** A student's homework (with its files) and exams, at one session or across a class. */
export function expectedRecords(f: Fixture, of: { student: string; classroom?: string; session?: string }) {
  const mine = (x: { student: string; classroom: string; session: string }) =>
    x.student === of.student &&
    (!of.classroom || x.classroom === of.classroom) &&
    (!of.session || x.session === of.session);
  return [
    ...f.homeworks.filter(mine).map((h) => h.label),
    ...f.homeworkFiles.filter(mine).map((x) => x.label),
    ...f.exams.filter(mine).map((e) => e.label),
  ];
}

const held = (f: Fixture) => f.sessions.filter((s) => s.held);
const studentsAt = (f: Fixture, s: FixtureSession) => f.classes[s.classroom].students;

export const academicReads: ReadEntry[] = [
  {
    endpoint: a.sessionRecords,
    // Issue 26's first fault: a consultant reads only their consultees' rows of a group session.
    cases: (f) =>
      held(f).map((s) => ({
        name: s.label,
        input: { query: { sessionId: s.id } },
        expected: (r: Reach) =>
          foundOr(r.classrooms.has(s.classroom), () =>
            studentsAt(f, s)
              .filter((st) => r.students.has(st))
              .flatMap((st) => [
                `${s.label} student ${st}`,
                ...expectedRecords(f, { student: st, session: s.label }),
              ]),
          ),
      })),
    rows: (res, f) => {
      const body = json(res) as {
        sessionId: string;
        students: { studentPublicKey: string; homeworks: HomeworkOut[]; exams: { examId: string }[] }[];
      };
      return [
        'found',
        ...body.students.flatMap((st) => [
          `${label(f, body.sessionId)} student ${label(f, st.studentPublicKey)}`,
          ...homeworkRows(f, st.homeworks),
          ...examRows(f, st.exams),
        ]),
      ];
    },
  },
  {
    endpoint: a.studentClassRecords,
    cases: (f) =>
      Object.values(f.classes).flatMap((cl) =>
        cl.students.map((st) => ({
          name: `${cl.label} ${st}`,
          input: { query: { classroomId: cl.id, studentPublicKey: f.users[st].publicKey } },
          expected: (r: Reach) =>
            foundOr(r.record(st, cl.label), () => expectedRecords(f, { student: st, classroom: cl.label })),
        })),
      ),
    rows: (res, f) => {
      const body = json(res) as { homeworks: HomeworkOut[]; exams: { examId: string }[] };
      return ['found', ...homeworkRows(f, body.homeworks), ...examRows(f, body.exams)];
    },
  },
  {
    endpoint: contract.sessionReports.sessionReport,
    // The report carries no ids: homework subtitles, exam and presence feedback name its rows.
    cases: (f) =>
      held(f).flatMap((s) =>
        studentsAt(f, s).map((st) => ({
          name: `${s.label} ${st}`,
          input: { query: { sessionId: s.id, studentPublicKey: f.users[st].publicKey } },
          expected: (r: Reach) =>
            foundOr(r.record(st, s.classroom), () => [
              ...f.presences.filter((p) => p.session === s.label && p.student === st).map((p) => p.label),
              ...f.homeworks.filter((h) => h.session === s.label && h.student === st).map((h) => h.label),
              ...f.exams.filter((e) => e.session === s.label && e.student === st).map((e) => e.label),
            ]),
        })),
      ),
    rows: (res, f) => {
      const body = json(res) as {
        presence: { feedback: string | null } | null;
        homeworks: { subtitle: string }[];
        exams: { feedback: string | null }[];
      };
      return [
        'found',
        ...(body.presence ? [label(f, body.presence.feedback)] : []),
        ...body.homeworks.map((h) => label(f, h.subtitle)),
        ...body.exams.map((e) => label(f, e.feedback)),
      ];
    },
  },
  {
    endpoint: contract.sessionReports.parentLinks,
    cases: (f) =>
      f.parentLinks.map((link) => ({
        name: `${link.session} ${link.student}`,
        input: {
          query: {
            sessionId: f.sessions.find((s) => s.label === link.session)!.id,
            studentPublicKey: f.users[link.student].publicKey,
          },
        },
        expected: (r: Reach) => (r.record(link.student, link.classroom) ? [link.label] : [ABSENT]),
      })),
    rows: (res, f) => (json(res).data as { linkId: string }[]).map((x) => label(f, x.linkId)),
  },
  {
    endpoint: contract.homeworkFiles.homeworkFileLink,
    cases: (f) =>
      f.homeworkFiles.map((file) => ({
        name: file.label,
        input: { params: { id: file.id } },
        expected: (r: Reach) => foundOr(r.record(file.student, file.classroom)),
      })),
    rows: () => ['found'],
  },
];
