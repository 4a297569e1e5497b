import { z } from 'zod';
import { listResponse, okResponse } from '../schemas/common.ts';
import { listQuery } from '../schemas/list-query.ts';
import {
  applicationSaved,
  coursePlanDownloadQuery,
  coursePlanEntry,
  coursePlanExportBody,
  coursePlanExportLink,
  myCoursePlanExportBody,
  coursePlanListColumns,
  coursePlanSaved,
  createCoursePlanBody,
  deleteApplicationBody,
  deleteCoursePlanBody,
  progressStage,
  studentCoursePlanBody,
  upsertApplicationBody,
  upsertCoursePlanBody,
} from '../schemas/progress.ts';
import { defineEndpoint } from './define.ts';

/**
 * Course plans and the progress stage (SPEC §7 "Course plans", issue 12). Staff with
 * `coursePlans.read` read the students they reach (a consultant: their own students), with
 * `coursePlans.manage` change them; a student reads only their own (`coursePlans.readOwn`).
 * A student out of reach answers FETCH_DATA_FAILED, as if they did not exist.
 */
export const progressContract = {
  createCoursePlan: defineEndpoint({
    name: 'progress.createCoursePlan',
    method: 'PUT',
    path: 'progressStage/createCoursePlanOfStudent',
    aliases: ['createCoursePlanOfStudent'],
    body: createCoursePlanBody,
    response: coursePlanSaved,
    access: 'coursePlans.manage',
    summary:
      "Adds an entry to a student's course plan: lessonType, sessionPerWeek, lessonTopic, suggestedHours, classType, status (New / Review).",
  }),
  studentCoursePlan: defineEndpoint({
    name: 'progress.studentCoursePlan',
    method: 'POST',
    path: 'progressStage/getStudentCoursePLan',
    aliases: ['getStudentCoursePLan'],
    body: studentCoursePlanBody,
    response: progressStage,
    access: 'coursePlans.read',
    summary:
      "A student's progress stage (by publicKey): the course plan with actualHours summed from the held sessions of each lesson type, and the applications with their stages.",
  }),
  list: defineEndpoint({
    name: 'progress.list',
    method: 'POST',
    path: 'progressStage/get',
    body: listQuery,
    response: listResponse(coursePlanEntry),
    access: 'coursePlans.read',
    listColumns: coursePlanListColumns,
    summary:
      'Course plan entries of the students the caller reaches, paged; filter with where on studentPublicKey (and lessonType, status, classType, lessonTopic).',
  }),
  upsertCoursePlan: defineEndpoint({
    name: 'progress.upsertCoursePlan',
    method: 'POST',
    path: 'progressStage/upsert',
    body: upsertCoursePlanBody,
    response: coursePlanSaved,
    access: 'coursePlans.manage',
    summary:
      'Adds a course plan entry (no progressStageCoursePlanId) or changes one; actualHours is computed, never sent.',
  }),
  deleteCoursePlan: defineEndpoint({
    name: 'progress.deleteCoursePlan',
    method: 'DELETE',
    path: 'progressStage/deleteCoursePlan',
    aliases: ['progressStage/delete'],
    body: deleteCoursePlanBody,
    response: okResponse,
    access: 'coursePlans.manage',
    summary: 'Deletes a course plan entry by progressStageCoursePlanId.',
  }),
  upsertApplication: defineEndpoint({
    name: 'progress.upsertApplication',
    method: 'POST',
    path: 'progressStage/upsertApplication',
    body: upsertApplicationBody,
    response: applicationSaved,
    access: 'coursePlans.manage',
    summary:
      'Adds an application (school or university, programme, deadline, status) or changes one; a new status is dated (statusDate, default today) and kept in its stages. Status moves forward: Preparing → Submitted → Interview → Offer → Accepted, or Rejected / Withdrawn.',
  }),
  deleteApplication: defineEndpoint({
    name: 'progress.deleteApplication',
    method: 'DELETE',
    path: 'progressStage/deleteApplication',
    body: deleteApplicationBody,
    response: okResponse,
    access: 'coursePlans.manage',
    summary: 'Deletes an application (and its stages) by progressStageApplicationId.',
  }),
  mine: defineEndpoint({
    name: 'progress.mine',
    method: 'GET',
    path: 'progressStage/getMine',
    response: progressStage,
    access: 'coursePlans.readOwn',
    summary:
      "The signed-in student's own progress stage: course plan with actual hours and applications (read-only).",
  }),
  exportLink: defineEndpoint({
    name: 'progress.exportLink',
    method: 'POST',
    path: 'progressStage/createCoursePlanExportLink',
    body: coursePlanExportBody,
    response: coursePlanExportLink,
    access: 'coursePlans.read',
    summary:
      "A short-lived, single-use download link for a student's course plan as XLSX or CSV, with headers in the caller's language.",
  }),
  downloadExport: defineEndpoint({
    name: 'progress.downloadExport',
    method: 'GET',
    path: 'progressStage/downloadCoursePlanExport',
    query: coursePlanDownloadQuery,
    response: z.unknown().describe('The file itself, as an attachment.'),
    access: 'public',
    unsigned: true,
    summary:
      'Sends a course plan export as an attachment; needs the ticket of a link from createCoursePlanExportLink.',
  }),
  // fin-export: the student exports their own plan (issue 12)
  myExportLink: defineEndpoint({
    name: 'progress.myExportLink',
    method: 'POST',
    path: 'progressStage/createMyCoursePlanExportLink',
    body: myCoursePlanExportBody,
    response: coursePlanExportLink,
    access: 'coursePlans.readOwn',
    summary:
      "A short-lived, single-use download link for the signed-in student's own course plan as XLSX or CSV.",
  }),
};
