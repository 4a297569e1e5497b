import { z } from 'zod';
import { okResponse } from '../schemas/common.ts';
import {
  courseFileLink,
  courseFileParams,
  courseFilesUploaded,
  createSpecificationBody,
  deleteSpecificationBody,
  downloadCourseFileQuery,
  editSpecificationBody,
  evaluationTestBody,
  evaluationTestSpecifications,
  specificationList,
  specificationSaved,
  uploadCourseFilesQuery,
} from '../schemas/lessons.ts';
import { listQuery } from '../schemas/list-query.ts';
import { defineEndpoint } from './define.ts';

/**
 * Specifications, called courses in the UI (SPEC §7 Specifications and course files), and their
 * course files (.zip or .rar books and materials).
 */
export const specificationsContract = {
  list: defineEndpoint({
    name: 'specifications.list',
    method: 'POST',
    path: 'specification/getAll',
    aliases: ['admin_specifications'],
    body: listQuery,
    response: specificationList,
    access: 'lessons.read',
    listColumns: {
      title: { type: 'text' },
      level: { type: 'enum' },
      baseType: { type: 'enum' },
      isEvaluationTest: { type: 'boolean' },
      createMoment: { type: 'time' },
    },
    summary:
      'Courses with their lessons and course files, paged, searched and filtered; newest first by default.',
  }),
  create: defineEndpoint({
    name: 'specifications.create',
    method: 'POST',
    path: 'specification/create',
    aliases: ['create_specification'],
    body: createSpecificationBody,
    response: specificationSaved,
    access: 'lessons.manage',
    summary: 'Creates a course from existing lessons, in the order given.',
  }),
  edit: defineEndpoint({
    name: 'specifications.edit',
    method: 'PUT',
    path: 'specification/edit',
    aliases: ['edit_specification'],
    body: editSpecificationBody,
    response: specificationSaved,
    access: 'lessons.manage',
    summary: 'Edits a course; its lesson list is replaced by the one given. Course files are kept.',
  }),
  delete: defineEndpoint({
    name: 'specifications.delete',
    method: 'DELETE',
    path: 'specification/delete',
    aliases: ['delete_specification'],
    body: deleteSpecificationBody,
    response: okResponse,
    access: 'lessons.manage',
    summary: 'Deletes a course and its course files (from disk too); refused while a classroom uses it.',
  }),
  uploadCourseFiles: defineEndpoint({
    name: 'specifications.uploadCourseFiles',
    method: 'POST',
    path: 'specification/uploadCourseFiles',
    aliases: ['uploadCourseFiles'],
    query: uploadCourseFilesQuery,
    response: courseFilesUploaded,
    access: 'lessons.manage',
    summary:
      'Multipart upload of up to 10 .zip/.rar files (checked by content, MAX_UPLOAD_MB each) to a course; all are kept or none.',
  }),
  deleteCourseFile: defineEndpoint({
    name: 'specifications.deleteCourseFile',
    method: 'DELETE',
    path: 'specification/deleteCourseFile/:id',
    aliases: ['deleteCourseFile/:id'],
    params: courseFileParams,
    response: okResponse,
    access: 'lessons.manage',
    summary: 'Deletes one course file, from the database and from disk.',
  }),
  courseFileLink: defineEndpoint({
    name: 'specifications.courseFileLink',
    method: 'POST',
    path: 'specification/createCourseFileLink/:id',
    params: courseFileParams,
    response: courseFileLink,
    access: 'lessons.read',
    summary: 'A short-lived, single-use download link for one course file, for a plain browser link.',
  }),
  downloadCourseFile: defineEndpoint({
    name: 'specifications.downloadCourseFile',
    method: 'GET',
    path: 'specification/downloadCourseFile/:id',
    params: courseFileParams,
    query: downloadCourseFileQuery,
    response: z.unknown().describe('The file itself, as an attachment.'),
    access: 'public',
    unsigned: true,
    summary: 'Sends a course file as an attachment; needs the ticket of a link from createCourseFileLink.',
  }),
  evaluationTests: defineEndpoint({
    name: 'specifications.evaluationTests',
    method: 'POST',
    path: 'specification/getEvaluationTestSpecifications',
    aliases: ['getEvaluationTestSpecifications'],
    body: evaluationTestBody,
    response: evaluationTestSpecifications,
    access: 'classes.manage',
    summary:
      "The evaluation-test courses of a base type that fit the given students' levels; part of creating a class.",
  }),
};
