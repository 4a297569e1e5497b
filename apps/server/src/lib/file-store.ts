import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type FileKind, fileKindExtensions } from '@tutoria/shared';
import { AppError } from '../http/app-error.ts';
import { HEAD_BYTES, hasKindStructure, kindOf } from './file-kinds.ts';

/** The longest name shown for a file, its extension included. */
export const FILE_NAME_MAX = 200;

/** Control characters and those Windows refuses in file names. */
// eslint-disable-next-line no-control-regex
const UNSAFE_NAME_CHARACTERS = /[\u0000-\u001f\u007f<>:"|?*]/g;

/**
 * The name shown for a file: only its last path segment (a client may send `../../x.zip` or
 * `C:\x.zip`), without control or reserved characters, at most 200 characters, ending in an
 * extension of the kind its content proved (the one it had, lower-cased, or the kind's first).
 */
export function displayName(requested: string, kind: FileKind, fallback: string): string {
  const lastSegment = requested.split(/[\\/]/).pop() ?? '';
  let name = lastSegment.replace(UNSAFE_NAME_CHARACTERS, '').replace(/\s+/g, ' ').trim();
  const extensions = fileKindExtensions[kind];
  const extension = extensions.find((e) => name.toLowerCase().endsWith(e)) ?? extensions[0]!;
  if (name.toLowerCase().endsWith(extension)) name = name.slice(0, -extension.length);
  name = name.replace(/^[.\s]+|[.\s]+$/g, '');
  if (!name) name = fallback;
  return name.slice(0, FILE_NAME_MAX - extension.length) + extension;
}

/** A file received into the temporary folder, checked, not yet kept. */
export interface ReceivedFile<K extends FileKind = FileKind> {
  tempPath: string;
  storedName: string;
  kind: K;
  sizeInBytes: number;
  name: string;
}

/** A multipart file stream: busboy marks it truncated when it passed the size limit. */
export type IncomingFile = Readable & { truncated?: boolean };

/** A size in megabytes as the texts show it (two decimals at most). */
export const megabytes = (sizeInBytes: number) => Math.round((sizeInBytes / (1024 * 1024)) * 100) / 100;

const fileError = (
  key: 'mimes' | 'fileTooLarge' | 'fileEmpty',
  name: string,
  values: Record<string, string | number> = {},
) => new AppError('FAILED_VALIDATION', { fields: [{ field: 'file', key, values, attribute: `“${name}”` }] });

export interface FileStoreOptions<K extends FileKind> {
  /** DATA_DIR/files: the kept folder and the shared `tmp` folder live under it. */
  filesDir: string;
  /** The kept folder's name under `filesDir` (one per area: `course-files`, `homework-files` …). */
  folder: string;
  /** The kinds accepted, each checked by content. */
  kinds: readonly K[];
  maxUploadBytes: number;
  /** The name shown when the uploaded name leaves nothing usable. */
  fallbackName: string;
}

/**
 * Uploaded files on disk (DESIGN §4): under `<filesDir>/<folder>` with server-made names. An
 * upload is written to `<filesDir>/tmp` first and moved in only when its database rows commit,
 * so a failure half-way leaves nothing behind. The caller: `receive` each part, write the rows in
 * a transaction whose last step is `keep`, and `discard` everything received when anything failed.
 */
export function createFileStore<K extends FileKind>({
  filesDir,
  folder,
  kinds,
  maxUploadBytes,
  fallbackName,
}: FileStoreOptions<K>) {
  const keptDir = path.join(filesDir, folder);
  const tempDir = path.join(filesDir, 'tmp');
  const maxMegabytes = megabytes(maxUploadBytes);
  const storedNamePattern = new RegExp(`^[0-9a-f-]{36}\\.(${kinds.join('|')})$`);

  const keptPath = (storedName: string) => {
    if (!storedNamePattern.test(storedName)) throw new Error(`Not a stored ${folder} name: ${storedName}`);
    return path.join(keptDir, storedName);
  };

  async function removeQuietly(file: string): Promise<void> {
    await fs.promises.rm(file, { force: true }).catch(() => undefined);
  }

  return {
    keptPath,
    maxUploadBytes,

    /** Streams one uploaded file to the temporary folder and checks it; nothing is kept on failure. */
    async receive(
      stream: IncomingFile,
      uploadedName: string,
      requestedName?: string,
    ): Promise<ReceivedFile<K>> {
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
        const kind = kindOf(head, uploadedName, kinds);
        if (!kind || !(await hasKindStructure(tempPath, size, kind))) throw fileError('mimes', shownAs);
        return {
          tempPath,
          storedName: `${id}.${kind}`,
          kind,
          sizeInBytes: size,
          name: displayName(requestedName ?? uploadedName, kind, fallbackName),
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
    async keep(files: readonly ReceivedFile<K>[]): Promise<void> {
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
    async discard(files: readonly ReceivedFile<K>[]): Promise<void> {
      await Promise.all(
        files.flatMap((file) => [removeQuietly(file.tempPath), removeQuietly(keptPath(file.storedName))]),
      );
    },

    async remove(storedNames: readonly string[]): Promise<void> {
      await Promise.all(storedNames.map((name) => fs.promises.rm(keptPath(name), { force: true })));
    },
  };
}

export type FileStore<K extends FileKind = FileKind> = ReturnType<typeof createFileStore<K>>;
