import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { studentPageContract, usersContract } from '@tutoria/shared';
import { api } from '@/lib/api-client';
import { financeKeys, studentPageKeys, usersKeys } from '@/lib/query-keys';

/**
 * A student's page (issue 31): one query per section, each one call. `studentKey` null is the
 * signed-in student's own page (the call then names nobody).
 */
const c = studentPageContract;
const named = (studentKey: string | null) => (studentKey ? { studentPublicKey: studentKey } : {});

/** The sign-ins the page lists (the newest; the users page's history has the rest). */
export const LOGINS_SHOWN = 10;

export function studentOverviewQuery(studentKey: string | null) {
  return queryOptions({
    queryKey: studentPageKeys.overview(studentKey),
    queryFn: ({ signal }) => api.call(c.overview, { query: named(studentKey) }, { signal }),
  });
}

export function studentWeekQuery(studentKey: string | null, range: { from: number; to: number }) {
  return queryOptions({
    queryKey: studentPageKeys.week(studentKey, range.from, range.to),
    queryFn: ({ signal }) => api.call(c.week, { query: { ...named(studentKey), ...range } }, { signal }),
    // The week before or after is asked for with this one still drawn.
    placeholderData: keepPreviousData,
  });
}

export function studentMoneyQuery(studentKey: string | null) {
  return queryOptions({
    queryKey: financeKeys.studentMoney(studentKey),
    queryFn: ({ signal }) => api.call(c.money, { query: named(studentKey) }, { signal }),
  });
}

export function studentAcademicQuery(studentKey: string | null) {
  return queryOptions({
    queryKey: studentPageKeys.academic(studentKey),
    queryFn: ({ signal }) => api.call(c.academic, { query: named(studentKey) }, { signal }),
  });
}

export function studentProgressQuery(studentKey: string | null) {
  return queryOptions({
    queryKey: studentPageKeys.progress(studentKey),
    queryFn: ({ signal }) => api.call(c.progress, { query: named(studentKey) }, { signal }),
  });
}

export function studentSurveysQuery(studentKey: string | null) {
  return queryOptions({
    queryKey: studentPageKeys.surveys(studentKey),
    queryFn: ({ signal }) => api.call(c.surveys, { query: named(studentKey) }, { signal }),
  });
}

/** The existing users.loginHistory, its first page: the same query the users page's history opens with. */
export function studentLoginsQuery(studentKey: string) {
  return queryOptions({
    queryKey: usersKeys.loginHistory(studentKey, 1, LOGINS_SHOWN),
    queryFn: ({ signal }) =>
      api.call(
        usersContract.loginHistory,
        { query: { publicKey: studentKey, index: 1, size: LOGINS_SHOWN } },
        { signal },
      ),
  });
}

export const useStudentOverview = (studentKey: string | null) => useQuery(studentOverviewQuery(studentKey));
export const useStudentWeek = (studentKey: string | null, range: { from: number; to: number }) =>
  useQuery(studentWeekQuery(studentKey, range));
export const useStudentProgress = (studentKey: string | null, enabled: boolean) =>
  useQuery({ ...studentProgressQuery(studentKey), enabled });
