import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { academicContract } from '@tutoria/shared';
import { api, type RequestBody } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { academicKeys, classKeys } from '@/lib/query-keys';

function sessionRecordsQuery(sessionId: string) {
  return queryOptions({
    queryKey: academicKeys.session(sessionId),
    queryFn: ({ signal }) => api.call(academicContract.sessionRecords, { query: { sessionId } }, { signal }),
  });
}

/** Homework, exams, progress and flags of one session (null: nothing is asked). */
export function useSessionRecords(sessionId: string | null) {
  return useQuery({ ...sessionRecordsQuery(sessionId ?? ''), enabled: sessionId !== null });
}

/** Records change reports and the class's session list (its missing-records hints). */
async function refreshAcademic() {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: academicKeys.all }),
    queryClient.invalidateQueries({ queryKey: classKeys.all }),
  ]);
}

const academicMutations = {
  addHomework: academicContract.addHomework,
  setHomework: academicContract.setHomework,
  setExam: academicContract.setExam,
  removeExam: academicContract.removeExam,
  setTeaching: academicContract.setTeaching,
  setReview: academicContract.setReview,
  setSessionFlags: academicContract.setSessionFlags,
};
type AcademicMutations = typeof academicMutations;

/** One mutation hook per record call; each refreshes the records it may have changed. */
export function useAcademicMutation<K extends keyof AcademicMutations>(
  name: K,
  options: { silent?: boolean } = {},
) {
  const endpoint: AcademicMutations[K] = academicMutations[name];
  return useMutation({
    mutationFn: (body: RequestBody<AcademicMutations[K]>) => api.callWithBody(endpoint, body),
    onSuccess: refreshAcademic,
    meta: { silent: options.silent },
  });
}

/** One student's homework and exams in one class, with the average score and completion rate. */
export function useStudentClassRecords(classroomId: string, studentPublicKey: string) {
  return useQuery({
    queryKey: academicKeys.studentClass(classroomId, studentPublicKey),
    queryFn: ({ signal }) =>
      api.call(
        academicContract.studentClassRecords,
        { query: { classroomId, studentPublicKey } },
        { signal },
      ),
    meta: { silent: true },
  });
}
