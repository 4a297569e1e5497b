import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ClassesExamScoresQuery, examScoresContract } from '@tutoria/shared';
import { api } from '@/lib/api-client';
import { centreReportKeys } from '@/lib/query-keys';

/** Exam scores per class over a period (the report's filters, as in the URL). */
export function useClassesExamScores(query: ClassesExamScoresQuery) {
  return useQuery({
    queryKey: centreReportKeys.examScores(query),
    queryFn: ({ signal }) => api.call(examScoresContract.classes, { query }, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
