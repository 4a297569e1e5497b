import type { LoaderFunctionArgs } from 'react-router';
import { isSignedIn } from '@/lib/auth-storage';
import { queryClient } from '@/lib/query-client';
import { thisWeek } from '../lib/week';
import { studentOverviewQuery, studentWeekQuery } from './student-page';

/**
 * The page's first screen (issue 31): the overview and this week's timetable are asked for side by
 * side, while the page's code arrives (the router runs this beside the route's `lazy`), so the
 * header, classes and week draw at once. Silent: the page asks again itself and says what failed
 * once. A signed-out visitor is the guard's to send away.
 */
export async function studentPageLoader({ params }: LoaderFunctionArgs) {
  if (!isSignedIn()) return null;
  const studentKey = params.key ?? null;
  const overview = studentOverviewQuery(studentKey);
  const week = studentWeekQuery(studentKey, thisWeek());
  await Promise.all([
    queryClient.prefetchQuery({ ...overview, meta: { silent: true } }),
    queryClient.prefetchQuery({ ...week, meta: { silent: true } }),
  ]);
  return null;
}
