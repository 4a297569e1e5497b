import { queryOptions, useQuery } from '@tanstack/react-query';
import { reportsContract } from '@tutoria/shared';
import { api } from '@/lib/api-client';
import { academicKeys } from '@/lib/query-keys';

/**
 * The student-level reports (SPEC §7 Reports, issue 10). `studentKey` null: the caller's own (a
 * student on `/panel/reports`). Each report loads on its own, so one slow or refused call leaves
 * the others on screen.
 */

const optionalKey = (studentKey: string | null) => (studentKey ? { studentPublicKey: studentKey } : {});
const optionalPublicKey = (studentKey: string | null) => (studentKey ? { publicKey: studentKey } : {});

export const pendingHomeworksQuery = (studentKey: string | null) =>
  queryOptions({
    queryKey: academicKeys.report('pending', studentKey),
    queryFn: ({ signal }) =>
      api.call(reportsContract.pendingHomeworks, { query: optionalKey(studentKey) }, { signal }),
    meta: { silent: true },
  });

export function usePendingHomeworks(studentKey: string | null) {
  return useQuery(pendingHomeworksQuery(studentKey));
}

export const completedHomeworksQuery = (studentKey: string | null) =>
  queryOptions({
    queryKey: academicKeys.report('completed', studentKey),
    queryFn: ({ signal }) =>
      api.call(reportsContract.completedHomeworks, { query: optionalKey(studentKey) }, { signal }),
    meta: { silent: true },
  });

export function useCompletedHomeworks(studentKey: string | null) {
  return useQuery(completedHomeworksQuery(studentKey));
}

export const homeworkTimelineQuery = (studentKey: string | null) =>
  queryOptions({
    queryKey: academicKeys.report('timeline', studentKey),
    queryFn: ({ signal }) =>
      api.call(
        reportsContract.completedHomeworkTimeline,
        { query: optionalPublicKey(studentKey) },
        { signal },
      ),
    meta: { silent: true },
  });

export function useHomeworkTimeline(studentKey: string | null) {
  return useQuery(homeworkTimelineQuery(studentKey));
}

export const examScoresQuery = (studentKey: string | null) =>
  queryOptions({
    queryKey: academicKeys.report('exams', studentKey),
    queryFn: ({ signal }) =>
      api.call(
        reportsContract.studentExamsScore,
        { query: { ...optionalKey(studentKey), examType: 'Total' } },
        { signal },
      ),
    meta: { silent: true },
  });

export function useExamScores(studentKey: string | null) {
  return useQuery(examScoresQuery(studentKey));
}

export const averageScoresQuery = (studentKey: string | null) =>
  queryOptions({
    queryKey: academicKeys.report('averages', studentKey),
    queryFn: ({ signal }) =>
      api.call(reportsContract.studentAvgExamsScore, { query: optionalKey(studentKey) }, { signal }),
    meta: { silent: true },
  });

export function useAverageScores(studentKey: string | null) {
  return useQuery(averageScoresQuery(studentKey));
}

/** Teaching and review progress per lesson name, side by side. */
export const lessonProgressQuery = (studentKey: string | null) =>
  queryOptions({
    queryKey: academicKeys.report('progress', studentKey),
    queryFn: async ({ signal }) => {
      const query = optionalPublicKey(studentKey);
      const [teaching, review] = await Promise.all([
        api.call(reportsContract.lessonNameTeachingProgress, { query }, { signal }),
        api.call(reportsContract.lessonNameReviewProgress, { query }, { signal }),
      ]);
      return { teaching: teaching.groups, review: review.groups };
    },
    meta: { silent: true },
  });

export function useLessonProgress(studentKey: string | null) {
  return useQuery(lessonProgressQuery(studentKey));
}

export const classroomLinesQuery = (studentKey: string | null) =>
  queryOptions({
    queryKey: academicKeys.report('classrooms', studentKey),
    queryFn: ({ signal }) =>
      api.call(
        reportsContract.classroomReportOfStudent,
        { query: optionalPublicKey(studentKey) },
        { signal },
      ),
    meta: { silent: true },
  });

export function useClassroomLines(studentKey: string | null) {
  return useQuery(classroomLinesQuery(studentKey));
}

/** The to-do list (`get_tasks_by_public_key`). */
export function useStudentTasks(studentKey: string | null) {
  return useQuery({
    queryKey: academicKeys.report('tasks', studentKey),
    queryFn: ({ signal }) =>
      api.call(
        reportsContract.studentTasks,
        { body: studentKey ? { publicKey: studentKey } : {} },
        { signal },
      ),
  });
}

/** A class's held sessions still missing a decision (class details, for those who record). */
export function useMissingRecords(classroomId: string, enabled: boolean) {
  return useQuery({
    queryKey: academicKeys.missing(classroomId),
    queryFn: ({ signal }) => api.call(reportsContract.missingRecords, { query: { classroomId } }, { signal }),
    enabled,
    meta: { silent: true },
  });
}
