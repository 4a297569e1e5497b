import {
  classroomReport,
  completedHomeworksQuery,
  examsReport,
  homeworksReport,
  homeworkTimeline,
  lessonProgressQuery,
  lessonProgressReport,
  missingRecords,
  missingRecordsQuery,
  pendingHomeworksQuery,
  presenceReport,
  studentAverageScores,
  studentExamsQuery,
  studentOfReportQuery,
  studentsAverageExamsQuery,
  studentsAverageScores,
  staffTasks,
  studentTasks,
  tasksBody,
  teacherOfReportQuery,
} from '../schemas/reports.ts';
import { defineEndpoint } from './define.ts';

/**
 * The student-level reports (SPEC §7 Reports; issue 10): the spec's names as aliases, canonical
 * paths under `Report/`. The student reported on must be in the caller's reach (a Student: only
 * themself; a consultant: their consultees; a teacher or assistant: the students of their classes,
 * and only those classes' records; Admin and TeamLeader: everyone); anyone else answers
 * FETCH_DATA_FAILED as if absent. The student key left out means the caller.
 */
export const reportsContract = {
  pendingHomeworks: defineEndpoint({
    name: 'reports.pendingHomeworks',
    method: 'GET',
    path: 'Report/pendingHomeworks',
    aliases: ['pending_homeworks'],
    query: pendingHomeworksQuery,
    response: homeworksReport,
    access: 'reports.read',
    summary: "A student's homework not done yet, by deadline (overdue first); by lesson name or class.",
  }),
  completedHomeworks: defineEndpoint({
    name: 'reports.completedHomeworks',
    method: 'GET',
    path: 'Report/completedHomeworks',
    aliases: ['completed_homeworks'],
    query: completedHomeworksQuery,
    response: homeworksReport,
    access: 'reports.read',
    summary:
      "A student's finished homework, latest first; done between from and to, by lesson name or class.",
  }),
  lessonNameTeachingProgress: defineEndpoint({
    name: 'reports.lessonNameTeachingProgress',
    method: 'GET',
    path: 'Report/lessonNameTeachingProgress',
    aliases: ['lesson_name_teaching_progress'],
    query: lessonProgressQuery,
    response: lessonProgressReport,
    access: 'reports.read',
    summary:
      "Teaching progress of a student's class lessons per lesson name (hours taught over hours, floored).",
  }),
  lessonNameReviewProgress: defineEndpoint({
    name: 'reports.lessonNameReviewProgress',
    method: 'GET',
    path: 'Report/lessonNameReviewProgress',
    aliases: ['lesson_name_review_progress'],
    query: lessonProgressQuery,
    response: lessonProgressReport,
    access: 'reports.read',
    summary:
      "Review progress of a student's class lessons per lesson name (lessons reviewed over lessons, floored).",
  }),
  lessonTitleTeachingProgress: defineEndpoint({
    name: 'reports.lessonTitleTeachingProgress',
    method: 'GET',
    path: 'Report/lessonTitleTeachingProgress',
    aliases: ['lesson_title_teaching_progress'],
    query: lessonProgressQuery,
    response: lessonProgressReport,
    access: 'reports.read',
    summary: "Teaching progress of a student's class lessons per lesson title.",
  }),
  lessonTitleReviewProgress: defineEndpoint({
    name: 'reports.lessonTitleReviewProgress',
    method: 'GET',
    path: 'Report/lessonTitleReviewProgress',
    aliases: ['lesson_title_review_progress'],
    query: lessonProgressQuery,
    response: lessonProgressReport,
    access: 'reports.read',
    summary: "Review progress of a student's class lessons per lesson title.",
  }),
  studentExamsScore: defineEndpoint({
    name: 'reports.studentExamsScore',
    method: 'GET',
    path: 'Report/studentExamsScore',
    aliases: ['student_exams_score'],
    query: studentExamsQuery,
    response: examsReport,
    access: 'reports.read',
    summary:
      "A student's exams in session order: one kind, Total (scored), Pending (not scored) or All; between from and to; by class.",
  }),
  studentAvgExamsScore: defineEndpoint({
    name: 'reports.studentAvgExamsScore',
    method: 'GET',
    path: 'Report/studentAvgExamsScore',
    aliases: ['student_avg_exams_score'],
    query: studentExamsQuery,
    response: studentAverageScores,
    access: 'reports.read',
    summary: "A student's average scored exam per exam kind and overall (SQL averages, two decimals).",
  }),
  studentsAverageExamsScore: defineEndpoint({
    name: 'reports.studentsAverageExamsScore',
    method: 'GET',
    path: 'Report/studentsAverageExamsScore',
    aliases: ['students_average_exams_score'],
    query: studentsAverageExamsQuery,
    response: studentsAverageScores,
    access: 'reports.read',
    summary:
      'Every student in reach with their average scored exam, best first; by kind, period and the examined lessons (examsNames, comma-separated).',
  }),
  completedHomeworkTimeline: defineEndpoint({
    name: 'reports.completedHomeworkTimeline',
    method: 'GET',
    path: 'Report/completedHomeworkTimeline',
    aliases: ['completed_homework_timeline'],
    query: studentOfReportQuery,
    response: homeworkTimeline,
    access: 'reports.read',
    summary:
      "Homework a student finished per day (the centre's time zone), with the day's mean correct percentage.",
  }),
  studentPresentationReport: defineEndpoint({
    name: 'reports.studentPresentationReport',
    method: 'GET',
    path: 'Report/getStudentPresentationReport',
    aliases: ['getStudentPresentationReport'],
    query: teacherOfReportQuery,
    response: presenceReport,
    access: 'reports.read',
    summary:
      "Presence per student over a teacher's classes (the caller's when left out), students in reach only.",
  }),
  classroomReportOfStudent: defineEndpoint({
    name: 'reports.classroomReportOfStudent',
    method: 'GET',
    path: 'Report/getClassroomReportOfStudent',
    aliases: ['getClassroomReportOfStudent'],
    query: studentOfReportQuery,
    response: classroomReport,
    access: 'reports.read',
    summary:
      'One line per class of a student: sessions held and upcoming, presence, homework done, average score, teaching progress.',
  }),
  studentTasks: defineEndpoint({
    name: 'reports.studentTasks',
    method: 'POST',
    path: 'Report/getTasksByPublicKey',
    aliases: ['get_tasks_by_public_key'],
    body: tasksBody,
    response: studentTasks,
    access: 'reports.read',
    summary: "A student's to-dos: pending homework by deadline (overdue first) and exams not scored yet.",
  }),
  missingRecords: defineEndpoint({
    name: 'reports.missingRecords',
    method: 'GET',
    path: 'Report/getSessionsMissingRecords',
    query: missingRecordsQuery,
    response: missingRecords,
    access: 'sessions.record',
    summary:
      "A class's held sessions still missing a homework, exam, teaching or review decision (no record and no WithOut… flag), for those who record them.",
  }),
  // staff tasks (issue 29): the spec's get_tasks_by_public_key stays a Student's (studentTasks).
  staffTasks: defineEndpoint({
    name: 'reports.staffTasks',
    method: 'GET',
    path: 'Report/getStaffTasks',
    response: staffTasks,
    access: 'tasks.read',
    summary:
      "What waits for the caller now, per group (sessions to record or confirm, homework to grade, money to confirm…): counts by role, each in the caller's reach.",
  }),
};
