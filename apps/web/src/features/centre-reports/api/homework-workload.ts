import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  homeworkCompletionContract,
  type HomeworkCompletionQuery,
  teacherWorkloadContract,
  type TeacherWorkloadQuery,
} from '@tutoria/shared';
import { api } from '@/lib/api-client';
import { centreReportKeys } from '@/lib/query-keys';

/** Homework completion per class and teacher over a period. */
export function useHomeworkCompletion(query: HomeworkCompletionQuery) {
  return useQuery({
    queryKey: centreReportKeys.homework(query),
    queryFn: ({ signal }) => api.call(homeworkCompletionContract.report, { query }, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Hours per teacher per week over a period. */
export function useTeacherWorkload(query: TeacherWorkloadQuery) {
  return useQuery({
    queryKey: centreReportKeys.workload(query),
    queryFn: ({ signal }) => api.call(teacherWorkloadContract.report, { query }, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
