import type { ProgressStage } from '@tutoria/shared';
import type { Queryable } from '../../db/client.ts';
import * as repo from './progress.repo.ts';
import { toApplication, toEntry } from './views.ts';

/**
 * A student's course plan (actual hours summed from held sessions) and applications with their
 * stages: what progress.studentCoursePlan answers, for the progress service and, through
 * progress.module.ts, for a student's page (issue 31). The caller has decided the reach.
 */
export async function progressOfStudent(
  q: Queryable,
  studentKey: string,
): Promise<Pick<ProgressStage, 'coursePlan' | 'applications'>> {
  const [plan, applications] = await Promise.all([repo.planOf(q, studentKey), repo.applicationsOf(q, studentKey)]);
  const stages = await repo.stagesOf(
    q,
    applications.map((a) => a.progressStageApplicationId),
  );
  return { coursePlan: plan.map(toEntry), applications: applications.map((a) => toApplication(a, stages)) };
}
