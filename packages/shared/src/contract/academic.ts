import {
  addHomeworkBody,
  examChangeResponse,
  homeworkChangeResponse,
  removeExamBody,
  sessionFlagsBody,
  sessionIdQuery,
  sessionRecordChangeResponse,
  sessionRecords,
  setExamBody,
  setHomeworkBody,
  setReviewBody,
  setTeachingBody,
  studentClassRecords,
  studentClassRecordsQuery,
} from '../schemas/academic.ts';
import { defineEndpoint } from './define.ts';
// session reports and parent report links (issue 10, acad-parent)
import {
  parentLinkBody,
  parentLinkCreated,
  parentLinkList,
  parentLinkRevoked,
  parentLinksQuery,
  parentReport,
  parentReportQuery,
  revokeParentLinkBody,
  sessionReport,
  sessionReportQuery,
} from '../schemas/session-report.ts';

/**
 * Academic records of a session (SPEC §7 Classes: the PUTs exam, homework, teaching, review, exam
 * removal, adding homework; DESIGN §7; issue 10). Records are written by the class's teacher or
 * assistant, or staff with `sessions.record` who reach the class, on a session that has started and
 * is not cancelled; a session the admin confirmed needs `sessions.confirmAsAdmin`. A record outside
 * the caller's scope answers FETCH_DATA_FAILED, as if it did not exist.
 */
export const academicContract = {
  sessionRecords: defineEndpoint({
    name: 'academic.sessionRecords',
    method: 'GET',
    path: 'classRoom/getSessionRecords',
    query: sessionIdQuery,
    response: sessionRecords,
    access: 'classes.read',
    summary:
      "A session's homework and exams per student (a Student: their own), its lessons' progress and its WithOut… flags.",
  }),
  addHomework: defineEndpoint({
    name: 'academic.addHomework',
    method: 'PUT',
    path: 'classRoom/addHomework',
    aliases: ['classRoom/addingHomework'],
    body: addHomeworkBody,
    response: homeworkChangeResponse,
    access: 'sessions.record',
    summary:
      "Gives a homework (subtitle, deadLine after the session's start, form) to some of a session's students; clears WithOutHomeWork.",
  }),
  setHomework: defineEndpoint({
    name: 'academic.setHomework',
    method: 'PUT',
    path: 'classRoom/setHomework',
    aliases: ['classRoom/homework'],
    body: setHomeworkBody,
    response: homeworkChangeResponse,
    access: 'sessions.record',
    summary:
      'Grades a homework: Pending → Done with doneMoment, correctPercentation (0–100) and feedback, or back to Pending.',
  }),
  setExam: defineEndpoint({
    name: 'academic.setExam',
    method: 'PUT',
    path: 'classRoom/setExam',
    aliases: ['classRoom/exam'],
    body: setExamBody,
    response: examChangeResponse,
    access: 'sessions.record',
    summary:
      "Records (no examId) or edits a student's exam at a session: examType, score 0–100 with two decimals, examState, feedback; clears WithOutExam.",
  }),
  removeExam: defineEndpoint({
    name: 'academic.removeExam',
    method: 'PUT',
    path: 'classRoom/removeExam',
    aliases: ['classRoom/examRemoval'],
    body: removeExamBody,
    response: examChangeResponse,
    access: 'sessions.record',
    summary: 'Removes an exam.',
  }),
  setTeaching: defineEndpoint({
    name: 'academic.setTeaching',
    method: 'PUT',
    path: 'classRoom/setTeaching',
    aliases: ['classRoom/teaching'],
    body: setTeachingBody,
    response: sessionRecordChangeResponse,
    access: 'sessions.record',
    summary:
      "Records the teaching of a class's lesson at a session: hours taught (default: the session's teaching time), teachState, delay; clears WithOutTeach.",
  }),
  setReview: defineEndpoint({
    name: 'academic.setReview',
    method: 'PUT',
    path: 'classRoom/setReview',
    aliases: ['classRoom/review'],
    body: setReviewBody,
    response: sessionRecordChangeResponse,
    access: 'sessions.record',
    summary: "Records the review of a class's lesson at a session (reviewState); clears WithOutReview.",
  }),
  setSessionFlags: defineEndpoint({
    name: 'academic.setSessionFlags',
    method: 'PUT',
    path: 'classRoom/setSessionWithOut',
    body: sessionFlagsBody,
    response: sessionRecordChangeResponse,
    access: 'sessions.record',
    summary:
      'Marks a session WithOutExam / WithOutHomeWork / WithOutReview / WithOutTeach; refused for a kind the session has records of.',
  }),
  studentClassRecords: defineEndpoint({
    name: 'academic.studentClassRecords',
    method: 'GET',
    path: 'classRoom/getStudentExamsHomeworks',
    query: studentClassRecordsQuery,
    response: studentClassRecords,
    access: 'classes.read',
    summary:
      "Every homework and exam of one student across a class's sessions, with the average exam score and the homework completion rate (class/{id}/student/{student_id}/exams-homeworks).",
  }),
};

// ——— session reports and parent report links (issue 10, branch acad-parent)
/**
 * One student's report of one session, and the links that show it to a parent without sign-in:
 * the student themself and staff who reach the student in that class read it; a parent link
 * (≥128 random bits, only its hash stored) opens it read-only until it expires or is revoked.
 */
export const sessionReportContract = {
  sessionReport: defineEndpoint({
    name: 'academic.sessionReport',
    method: 'GET',
    path: 'Report/GetSessionReportOfStudent',
    query: sessionReportQuery,
    response: sessionReport,
    access: 'reports.read',
    summary:
      "One student's view of one session: time, teacher, lessons taught, teaching day, presence and feedback, homework, exams, progress (the student themself, or staff who reach the student).",
  }),
  createParentLink: defineEndpoint({
    name: 'academic.createParentLink',
    method: 'POST',
    path: 'Report/GenerateAndGetOneTimeLinkForSession',
    aliases: ['GenerateAndGetOneTimeLinkForSession'],
    body: parentLinkBody,
    response: parentLinkCreated,
    access: 'parentLinks.manage',
    summary:
      "Makes a parent link to one student's report of one session: /parent/report/{reportId}, open without sign-in until PARENT_LINK_DAYS pass or it is revoked; with a language (en, zh) the page opens in it (?lang=), else in the parent's browser's.",
  }),
  parentLinks: defineEndpoint({
    name: 'academic.parentLinks',
    method: 'GET',
    path: 'Report/GetParentLinksOfSession',
    query: parentLinksQuery,
    response: parentLinkList,
    access: 'parentLinks.manage',
    summary:
      "The parent links made for one student's session, newest first, with their state, language and opening count.",
  }),
  revokeParentLink: defineEndpoint({
    name: 'academic.revokeParentLink',
    method: 'PUT',
    path: 'Report/RevokeParentLink',
    body: revokeParentLinkBody,
    response: parentLinkRevoked,
    access: 'parentLinks.manage',
    summary: 'Revokes a parent link: it opens no more.',
  }),
  parentReport: defineEndpoint({
    name: 'academic.parentReport',
    method: 'GET',
    path: 'Report/GetParentReport',
    query: parentReportQuery,
    response: parentReport,
    access: 'public',
    unsigned: true,
    summary:
      "The parent page's read, without sign-in or signature: the report of a live link. An expired, revoked or unknown id is not found (FETCH_DATA_FAILED), its text saying which in the caller's language; every unknown id gets the same answer. Rate-limited per address; every opening is counted.",
  }),
};
