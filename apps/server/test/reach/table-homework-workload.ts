import { contract } from '@tutoria/shared';
import type { ReadCase, ReadEntry } from './harness.ts';
import type { Fixture } from './model.ts';
import type { Reach } from './rules.ts';
import { label } from './rules.ts';

/**
 * Homework completion and teacher workload (issue 29): staff only (a Student is refused); the
 * fixture's centre is in UTC and its whole range is one period (six weeks). Rows: homework assigned
 * per class (the classes and students reached, live classes only), hours booked and held per
 * teacher (the live classes reached; a teacher or an assistant only themself).
 */
const json = (res: { json(): unknown }) => res.json() as Record<string, unknown>;
const day = (epoch: number) => new Date(epoch * 1000).toISOString().slice(0, 10);
const wholeRange = (f: Fixture): ReadCase['input'] => ({
  query: { from: day(f.range.start), to: day(f.range.end) },
});

const completionCases = (f: Fixture): ReadCase[] => [
  {
    name: 'the whole range',
    input: wholeRange(f),
    expected: (reach) => {
      const perClass = new Map<string, number>();
      for (const h of f.homeworks)
        if (
          !f.classes[h.classroom].deleted &&
          reach.classrooms.has(h.classroom) &&
          reach.students.has(h.student)
        )
          perClass.set(h.classroom, (perClass.get(h.classroom) ?? 0) + 1);
      return [...perClass].map(([c, n]) => `${c}: ${n}`).sort();
    },
  },
];

const teachesOnly = (reach: Reach) => reach.role === 'Teacher' || reach.role === 'AssistantTeacher';

const workloadCases = (f: Fixture): ReadCase[] => [
  {
    name: 'the whole range',
    input: wholeRange(f),
    expected: (reach) => {
      const perTeacher = new Map<string, { held: number; booked: number }>();
      for (const s of f.sessions) {
        const c = f.classes[s.classroom];
        if (c.deleted || !reach.classrooms.has(s.classroom)) continue;
        if (teachesOnly(reach) && c.teacher !== reach.user.label) continue;
        const hours = perTeacher.get(c.teacher) ?? { held: 0, booked: 0 };
        hours.booked += (s.end - s.start) / 3600;
        if (s.held) hours.held += (s.end - s.start) / 3600;
        perTeacher.set(c.teacher, hours);
      }
      return [...perTeacher].map(([t, h]) => `${t}: held ${h.held}, booked ${h.booked}`).sort();
    },
  },
];

export const homeworkWorkloadReads: ReadEntry[] = [
  {
    endpoint: contract.homeworkCompletion.report,
    cases: completionCases,
    rows: (res, f) =>
      (json(res).classes as { classroomId: string; assigned: number }[])
        .map((x) => `${label(f, x.classroomId)}: ${x.assigned}`)
        .sort(),
  },
  {
    endpoint: contract.teacherWorkload.report,
    cases: workloadCases,
    rows: (res, f) =>
      (json(res).teachers as { teacherPublicKey: string; heldHours: number; bookedHours: number }[])
        .map((x) => `${label(f, x.teacherPublicKey)}: held ${x.heldHours}, booked ${x.bookedHours}`)
        .sort(),
  },
];
