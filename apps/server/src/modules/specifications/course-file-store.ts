import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type CourseFileKind, LESSON_TEXT_MAX } from '@tutoria/shared';
import { AppError } from '../../http/app-error.ts';
import { hasArchiveStructure } from './archive-check.ts';

/** What a course file's first bytes must be (SPEC §5: .zip or .rar only, checked by content). */
const ZIP_LOCAL_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** An empty archive is only its end-of-central-directory record. */
const ZIP_EMPTY_ARCHIVE = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
/** RAR 4 and RAR 5 both begin with these six bytes. */
const RAR_SIGNATURE = Buffer.from('Rar!\x1a\x07', 'latin1');
const HEAD_BYTES = 8;

export function sniffKind(head: Buffer): CourseFileKind | null {
  const starts = (magic: Buffer) =>
    head.length >= magic.length && head.subarray(0, magic.length).equals(magic);
  if (starts(ZIP_LOCAL_HEADER) || starts(ZIP_EMPTY_ARCHIVE)) return 'zip';
  if (starts(RAR_SIGNATURE)) return 'rar';
  return null;
}

export function kindOfName(name: string): CourseFileKind | null {
  const extension = path.extname(name).toLowerCase();
  return extension === '.zip' ? 'zip' : extension === '.rar' ? 'rar' : null;
}

/** Control characters and those Windows refuses in file names. */
// eslint-disable-next-line no-control-regex
const UNSAFE_NAME_CHARACTERS = /[\u0000-\u001f\u007f<>:"|?*]/g;

/**
 * The name shown for a file: only its last path segment (a client may send `../../x.zip` or
 * `C:\x.zip`), without control or reserved characters, at most 200 characters, ending in the
 * extension its content proved.
 */
export function displayName(requested: string, kind: CourseFileKind): string {
  const lastSegment = requested.split(/[\\/]/).pop() ?? '';
  let name = lastSegment.replace(UNSAFE_NAME_CHARACTERS, '').replace(/\s+/g, ' ').trim();
  const extension = `.${kind}`;
  if (name.toLowerCase().endsWith(extension)) name = name.slice(0, -extension.length);
  name = name.replace(/^[.\s]+|[.\s]+$/g, '');
  if (!name) name = 'course-file';
  return name.slice(0, LESSON_TEXT_MAX - extension.length) + extension;
}

/** A file received into the temporary folder, checked, not yet kept. */
export interface ReceivedFile {
  tempPath: string;
  storedName: string;
  kind: CourseFileKind;
  sizeInBytes: number;
  name: string;
}

/** A multipart file stream: busboy marks it truncated when it passed the size limit. */
export type IncomingFile = Readable & { truncated?: boolean };

const fileError = (
  key: 'mimes' | 'fileTooLarge' | 'fileEmpty',
  name: string,
  values: Record<string, string | number> = {},
) => new AppError('FAILED_VALIDATION', { fields: [{ field: 'file', key, values, attribute: `“${name}”` }] });

/**
 * Course files on disk (DESIGN §4): under `<filesDir>/course-files` with server-made names. An
 * upload is written to `<filesDir>/tmp` first and moved in only when its database rows commit,
 * so a failure half-way leaves nothing behind.
 */
export function createCourseFileStore({
  filesDir,
  maxUploadBytes,
}: {
  filesDir: string;
  maxUploadBytes: number;
}) {
  const keptDir = path.join(filesDir, 'course-files');
  const tempDir = path.join(filesDir, 'tmp');
  const maxMegabytes = Math.round((maxUploadBytes / (1024 * 1024)) * 100) / 100;

  const keptPath = (storedName: string) => {
    if (!/^[0-9a-f-]{36}\.(zip|rar)$/.test(storedName))
      throw new Error(`Not a stored course file name: ${storedName}`);
    return path.join(keptDir, storedName);
  };

  async function removeQuietly(file: string): Promise<void> {
    await fs.promises.rm(file, { force: true }).catch(() => undefined);
  }

  return {
    keptPath,
    maxUploadBytes,

    /** Streams one uploaded file to the temporary folder and checks it; nothing is kept on failure. */
    async receive(stream: IncomingFile, uploadedName: string, requestedName?: string): Promise<ReceivedFile> {
      await fs.promises.mkdir(tempDir, { recursive: true });
      const id = randomUUID();
      const tempPath = path.join(tempDir, `${id}.part`);
      let head = Buffer.alloc(0);
      let size = 0;
      const inspect = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          if (head.length < HEAD_BYTES)
            head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
          size += chunk.length;
          done(null, chunk);
        },
      });
      const shownAs = (uploadedName.split(/[\\/]/).pop() || 'file').slice(0, 100);
      try {
        await pipeline(stream, inspect, fs.createWriteStream(tempPath, { flags: 'wx', mode: 0o600 }));
        if (stream.truncated) throw fileError('fileTooLarge', shownAs, { size: maxMegabytes });
        if (size === 0) throw fileError('fileEmpty', shownAs);
        const kind = sniffKind(head);
        // The name must say what the content is: an .exe renamed .zip, or a .rar named .zip, is refused.
        if (!kind || kindOfName(uploadedName) !== kind) throw fileError('mimes', shownAs);
        // First bytes are easy to fake: the archive's own structure must be there too.
        if (!(await hasArchiveStructure(tempPath, size, kind))) throw fileError('mimes', shownAs);
        return {
          tempPath,
          storedName: `${id}.${kind}`,
          kind,
          sizeInBytes: size,
          name: displayName(requestedName ?? uploadedName, kind),
        };
      } catch (error) {
        await removeQuietly(tempPath);
        throw error;
      }
    },

    /**
     * Moves checked files into the kept folder; called last inside the transaction that records
     * them. If one move fails, the ones already moved are taken back out and the error rethrown.
     */
    async keep(files: readonly ReceivedFile[]): Promise<void> {
      await fs.promises.mkdir(keptDir, { recursive: true });
      const moved: string[] = [];
      try {
        for (const file of files) {
          await fs.promises.rename(file.tempPath, keptPath(file.storedName));
          moved.push(file.storedName);
        }
      } catch (error) {
        await Promise.all(moved.map((name) => removeQuietly(keptPath(name))));
        throw error;
      }
    },

    /** Forgets received files: their temporary copies, and kept copies when the records did not commit. */
    async discard(files: readonly ReceivedFile[]): Promise<void> {
      await Promise.all(
        files.flatMap((file) => [removeQuietly(file.tempPath), removeQuietly(keptPath(file.storedName))]),
      );
    },

    async remove(storedNames: readonly string[]): Promise<void> {
      await Promise.all(storedNames.map((name) => fs.promises.rm(keptPath(name), { force: true })));
    },
  };
}

export type CourseFileStore = ReturnType<typeof createCourseFileStore>;
