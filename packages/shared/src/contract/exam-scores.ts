import { classesExamScores, classesExamScoresQuery } from '../schemas/exam-scores.ts';
import { defineEndpoint } from './define.ts';

/**
 * Exam scores compared between classes (issue 29; SPEC §7 Reports). Staff only (a Student answers
 * ACCESS_DENIED); the classes the caller reaches and, in them, the students the caller reaches (a
 * consultant: their students' exams only).
 */
export const examScoresContract = {
  classes: defineEndpoint({
    name: 'examScores.classes',
    method: 'GET',
    path: 'Report/getClassesAverageExamsScore',
    query: classesExamScoresQuery,
    response: classesExamScores,
    access: 'centreReports.read',
    summary:
      "Average scored exam per class over a period of days (the centre's time zone), per exam kind and examined name inside each class, with exam and student counts.",
  }),
};
