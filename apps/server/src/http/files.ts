import fs from 'node:fs';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FileKind } from '@tutoria/shared';
import type { IncomingFile } from '../lib/file-store.ts';
import { megabytes } from '../lib/file-store.ts';
import { AppError, notFound } from './app-error.ts';

/** What a download of each kind is sent as (always as an attachment, never rendered in place). */
export const contentTypes: Record<FileKind, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
};

/** `attachment` with an ASCII fallback name and the exact UTF-8 name (RFC 6266 / 5987). */
export function attachmentHeader(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/** One file part of a multipart upload. */
export interface UploadPart {
  filename: string;
  file: IncomingFile;
}

export interface UploadLimits {
  maxUploadBytes: number;
  /** Files one request may carry. */
  maxFiles: number;
}

/** Multipart failures said in the catalogue's words (the size text is the store's own). */
function multipartError(error: unknown, { maxUploadBytes, maxFiles }: UploadLimits): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') {
    return new AppError('FAILED_VALIDATION', { text: { key: 'tooManyFiles', values: { max: maxFiles } } });
  }
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError('FAILED_VALIDATION', {
      fields: [{ field: 'file', key: 'fileTooLarge', values: { size: megabytes(maxUploadBytes) } }],
    });
  }
  if (typeof code === 'string' && code.startsWith('FST_')) return new AppError('INVALID_PAYLOAD');
  return error;
}

/** The file parts of a multipart request (other fields are ignored); not multipart means no file. */
export async function* fileParts(request: FastifyRequest, limits: UploadLimits): AsyncGenerator<UploadPart> {
  if (!request.isMultipart()) return;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') yield { filename: part.filename, file: part.file };
    }
  } catch (error) {
    throw multipartError(error, limits);
  }
}

/** Multipart parsing for the routes `register` adds (encapsulated), with the upload's limits. */
export async function withMultipart(
  app: FastifyInstance,
  { maxUploadBytes, maxFiles }: UploadLimits,
  register: (scope: FastifyInstance) => void,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: maxUploadBytes,
        files: maxFiles,
        fields: 20,
        fieldSize: 4096,
        parts: 40,
        headerPairs: 100,
      },
    });
    register(scope);
  });
}

/** A kept file to send: where it is and what it is called. */
export interface KeptFile {
  path: string;
  kind: FileKind;
  sizeInBytes: number;
  name: string;
}

/** Streams a kept file as a private, never-sniffed attachment; a file missing on disk is logged and 404. */
export async function sendKeptFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: KeptFile,
  logContext: Record<string, string>,
) {
  let stream: fs.ReadStream;
  try {
    await fs.promises.access(file.path, fs.constants.R_OK);
    stream = fs.createReadStream(file.path);
  } catch (error) {
    request.log.error({ err: error, ...logContext }, 'kept file missing on disk');
    throw notFound();
  }
  return reply
    .header('content-type', contentTypes[file.kind])
    .header('content-length', file.sizeInBytes)
    .header('content-disposition', attachmentHeader(file.name))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(stream);
}
