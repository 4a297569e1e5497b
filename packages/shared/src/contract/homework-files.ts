import { z } from 'zod';
import { homeworkChangeResponse } from '../schemas/academic.ts';
import { okResponse } from '../schemas/common.ts';
import {
  downloadHomeworkFileQuery,
  homeworkFileLink,
  homeworkFileParams,
  homeworkFilesUploaded,
  removeHomeworkBody,
  uploadHomeworkFilesQuery,
} from '../schemas/homework-files.ts';
import { defineEndpoint } from './define.ts';

/**
 * Homework files (SPEC §7 "File upload and delete for homework"; issue 10, branch hw-files). The
 * class's teacher or assistant (or staff with `sessions.record` reaching the class) attach and
 * remove assignment files; the student hands in and removes answer files of their own homework
 * while it is Pending. Whoever reads the homework downloads its files through a one-use link. A
 * homework out of the caller's reach — a classmate's included — answers FETCH_DATA_FAILED.
 */
export const homeworkFilesContract = {
  uploadHomeworkFiles: defineEndpoint({
    name: 'academic.uploadHomeworkFiles',
    method: 'POST',
    path: 'classRoom/uploadHomeworkFiles',
    aliases: ['classRoom/homeworkFileUpload'],
    query: uploadHomeworkFilesQuery,
    response: homeworkFilesUploaded,
    access: 'classes.read',
    summary:
      'Multipart upload of up to 5 files (PDF, images, Office documents, .zip; checked by content; 10 MiB each) to a homework: staff attach assignment files, the student answer files; all are kept or none.',
  }),
  deleteHomeworkFile: defineEndpoint({
    name: 'academic.deleteHomeworkFile',
    method: 'DELETE',
    path: 'classRoom/deleteHomeworkFile/:id',
    aliases: ['classRoom/homeworkFileDelete/:id'],
    params: homeworkFileParams,
    response: okResponse,
    access: 'classes.read',
    summary:
      'Deletes one homework file, from the database and from disk: staff their assignment files, the student their answer files while the homework is Pending.',
  }),
  homeworkFileLink: defineEndpoint({
    name: 'academic.homeworkFileLink',
    method: 'POST',
    path: 'classRoom/createHomeworkFileLink/:id',
    params: homeworkFileParams,
    response: homeworkFileLink,
    access: 'classes.read',
    summary: 'A short-lived, single-use download link for one homework file, for a plain browser link.',
  }),
  downloadHomeworkFile: defineEndpoint({
    name: 'academic.downloadHomeworkFile',
    method: 'GET',
    path: 'classRoom/downloadHomeworkFile/:id',
    params: homeworkFileParams,
    query: downloadHomeworkFileQuery,
    response: z.unknown().describe('The file itself, as an attachment.'),
    access: 'public',
    unsigned: true,
    summary:
      'Sends a homework file as an attachment; needs the ticket of a link from createHomeworkFileLink.',
  }),
  removeHomework: defineEndpoint({
    name: 'academic.removeHomework',
    method: 'PUT',
    path: 'classRoom/removeHomework',
    aliases: ['classRoom/homeworkRemoval'],
    body: removeHomeworkBody,
    response: homeworkChangeResponse,
    access: 'sessions.record',
    summary: 'Removes a homework given by mistake, with its files (from disk too).',
  }),
};
