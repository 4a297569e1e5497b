import { z } from 'zod';
import { entityId, epochSeconds, okResponse, textInput } from './common.ts';
import { type FileKind, extensionsOf } from './files.ts';

/**
 * Homework files (SPEC §7 "File upload and delete for homework"; issue 10, branch hw-files): the
 * teacher's assignment files and the student's answer files of one homework, checked by content,
 * downloaded through one-use links (docs/decisions.md "Homework files").
 */
export const homeworkFileKinds = [
  'pdf',
  'png',
  'jpeg',
  'gif',
  'webp',
  'docx',
  'xlsx',
  'pptx',
  'zip',
] as const satisfies readonly FileKind[];
export type HomeworkFileKind = (typeof homeworkFileKinds)[number];
export const homeworkFileExtensions = extensionsOf(homeworkFileKinds);
/** The largest homework file: 10 MiB. */
export const HOMEWORK_FILE_MAX_BYTES = 10 * 1024 * 1024;
/** Files one upload may carry. */
export const HOMEWORK_FILES_PER_UPLOAD_MAX = 5;
/** Files a homework keeps of each role (assignment, answer). */
export const HOMEWORK_FILES_PER_ROLE_MAX = 10;
const HOMEWORK_FILE_NAME_MAX = 200;

/** Who gave a file: the teacher's assignment, or the student's answer. */
export const homeworkFileRoles = ['assignment', 'answer'] as const;
export type HomeworkFileRole = (typeof homeworkFileRoles)[number];

export const homeworkFile = z.object({
  homeworkFileId: entityId,
  role: z.enum(homeworkFileRoles),
  /** The name shown and offered on download; the stored file has a server-made name. */
  name: z.string(),
  kind: z.enum(homeworkFileKinds),
  sizeInBytes: z.number().int(),
  createMoment: epochSeconds,
});
export type HomeworkFile = z.infer<typeof homeworkFile>;

export const uploadHomeworkFilesQuery = z.strictObject({
  homeworkId: z.uuid(),
  names: z
    .union([
      textInput().trim().min(1).max(HOMEWORK_FILE_NAME_MAX),
      z.array(textInput().trim().min(1).max(HOMEWORK_FILE_NAME_MAX)).max(HOMEWORK_FILES_PER_UPLOAD_MAX),
    ])
    .optional(),
});
export const homeworkFilesUploaded = okResponse.extend({ files: z.array(homeworkFile) });
export const homeworkFileParams = z.strictObject({ id: z.uuid() });
export const homeworkFileLink = z.object({
  /** A same-origin path a browser can open as a plain link until `expiresAt`; it works once. */
  url: z.string(),
  expiresAt: epochSeconds,
});
export const downloadHomeworkFileQuery = z.strictObject({ ticket: textInput().min(20).max(100) });
export const removeHomeworkBody = z.strictObject({ homeworkId: z.uuid() });
