import { queryClient } from '@/lib/query-client';
import {
  averageScoresQuery,
  classroomLinesQuery,
  completedHomeworksQuery,
  examScoresQuery,
  homeworkTimelineQuery,
  lessonProgressQuery,
  pendingHomeworksQuery,
} from './reports';

/**
 * The student's own report (issue 30): its seven parts asked for side by side while the page's
 * code arrives, so the page draws once with all of them. Each part drawn as it came pushed the
 * charts below it down the screen (a layout shift of 0.38). A part that fails is the page's to
 * report: each card still asks again and says what failed on its own (the queries are silent).
 */
export async function studentReportLoader() {
  await Promise.all([
    queryClient.prefetchQuery(pendingHomeworksQuery(null)),
    queryClient.prefetchQuery(completedHomeworksQuery(null)),
    queryClient.prefetchQuery(homeworkTimelineQuery(null)),
    queryClient.prefetchQuery(examScoresQuery(null)),
    queryClient.prefetchQuery(averageScoresQuery(null)),
    queryClient.prefetchQuery(lessonProgressQuery(null)),
    queryClient.prefetchQuery(classroomLinesQuery(null)),
  ]);
  return null;
}
