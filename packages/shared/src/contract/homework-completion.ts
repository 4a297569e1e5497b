import { homeworkCompletion, homeworkCompletionQuery } from '../schemas/homework-completion.ts';
import { defineEndpoint } from './define.ts';

/**
 * Homework completion per class and teacher (issue 29; SPEC §7 names no call for it: a canonical
 * path under `Report/`). Staff only (a Student answers ACCESS_DENIED); the classes the caller
 * reaches and, in them, the students the caller reaches (a consultant: their own students' homework).
 */
export const homeworkCompletionContract = {
  report: defineEndpoint({
    name: 'homeworkCompletion.report',
    method: 'GET',
    path: 'Report/getHomeworkCompletion',
    query: homeworkCompletionQuery,
    response: homeworkCompletion,
    access: 'centreReports.read',
    summary:
      'Homework given at the sessions of a period: assigned, done, overdue and completion percent (floored) per class with its teacher, per teacher and in all.',
  }),
};
