import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { type ListQueryInput, type SurveyReportQuery, surveysContract } from '@tutoria/shared';
import { api, type RequestBody } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { surveyKeys } from '@/lib/query-keys';

const refreshSurveys = () => queryClient.invalidateQueries({ queryKey: surveyKeys.all });

export function useSurveyQuestions() {
  return useQuery({
    queryKey: surveyKeys.questions,
    queryFn: ({ signal }) => api.call(surveysContract.questions, {}, { signal }),
  });
}

/** One page of rounds (newest first by default). */
export function roundsQueryOptions(query: ListQueryInput) {
  return queryOptions({
    queryKey: surveyKeys.rounds(query),
    queryFn: ({ signal }) => api.call(surveysContract.rounds, { body: query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The rounds a report may be read for (the picker): the latest 50. */
export function useRoundChoices() {
  return useQuery(roundsQueryOptions({ page: { index: 1, size: 50 } }));
}

/** The signed-in student's survey: the open round, its questions and their classes and teachers. */
export function useMySurvey(enabled = true) {
  return useQuery({
    queryKey: surveyKeys.mine,
    queryFn: ({ signal }) => api.call(surveysContract.mine, {}, { signal }),
    enabled,
    staleTime: 60_000,
  });
}

export function useSurveyReport(query: SurveyReportQuery) {
  return useQuery({
    queryKey: surveyKeys.report(query),
    queryFn: ({ signal }) => api.call(surveysContract.report, { query }, { signal }),
    placeholderData: keepPreviousData,
  });
}

const commands = {
  createQuestion: surveysContract.createQuestion,
  editQuestion: surveysContract.editQuestion,
  reorderQuestions: surveysContract.reorderQuestions,
  removeQuestion: surveysContract.removeQuestion,
  openRound: surveysContract.openRound,
  closeRound: surveysContract.closeRound,
  answer: surveysContract.answer,
};
type Command = keyof typeof commands;

/** One survey command; every survey query is read again after it. */
export function useSurveyCommand<C extends Command>(command: C) {
  return useMutation({
    mutationFn: (body: RequestBody<(typeof commands)[C]>) => api.callWithBody(commands[command], body),
    onSuccess: refreshSurveys,
  });
}
