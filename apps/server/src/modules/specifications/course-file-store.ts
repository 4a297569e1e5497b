import { courseFileKinds } from '@tutoria/shared';
import { createFileStore, type FileStore } from '../../lib/file-store.ts';

/**
 * Course files on disk (DESIGN §4): .zip or .rar only, checked by content (SPEC §5), kept under
 * `<filesDir>/course-files` by the shared file store (`lib/file-store.ts`).
 */
export function createCourseFileStore({
  filesDir,
  maxUploadBytes,
}: {
  filesDir: string;
  maxUploadBytes: number;
}) {
  return createFileStore({
    filesDir,
    folder: 'course-files',
    kinds: courseFileKinds,
    maxUploadBytes,
    fallbackName: 'course-file',
  });
}

export type CourseFileStore = FileStore<(typeof courseFileKinds)[number]>;
