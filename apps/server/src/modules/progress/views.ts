import type {
  ApplicationStatus,
  ClassroomType,
  CoursePlanEntry,
  CoursePlanStatus,
  InstitutionType,
  LessonType,
  ProgressApplication,
} from '@tutoria/shared';
import { toEpoch } from '../../lib/time.ts';
import type { ApplicationRow, EntryRow } from './progress.repo.ts';

/** Rows as the contract answers them. */
export function toEntry(row: EntryRow): CoursePlanEntry {
  return {
    progressStageCoursePlanId: row.progressStageCoursePlanId,
    studentPublicKey: row.studentPublicKey,
    lessonType: row.lessonType as LessonType,
    sessionPerWeek: row.sessionPerWeek,
    lessonTopic: row.lessonTopic,
    suggestedHours: row.suggestedHours,
    actualHours: row.actualHours,
    classType: row.classType as ClassroomType,
    status: row.status as CoursePlanStatus,
    createMoment: toEpoch(row.createMoment),
  };
}

export function toApplication(
  row: ApplicationRow,
  stages: readonly { applicationId: string; status: string; reachedOn: string }[],
): ProgressApplication {
  return {
    progressStageApplicationId: row.progressStageApplicationId,
    studentPublicKey: row.studentPublicKey,
    institutionType: row.institutionType as InstitutionType,
    institutionName: row.institutionName,
    programme: row.programme,
    deadline: row.deadline,
    status: row.status as ApplicationStatus,
    stages: stages
      .filter((s) => s.applicationId === row.progressStageApplicationId)
      .map((s) => ({ status: s.status as ApplicationStatus, reachedOn: s.reachedOn })),
    createMoment: toEpoch(row.createMoment),
  };
}
