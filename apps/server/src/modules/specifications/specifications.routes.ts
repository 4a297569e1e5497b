import fs from 'node:fs';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  contract,
  COURSE_FILES_PER_UPLOAD_MAX,
  type CourseFileKind,
  formatMessage,
  type Language,
} from '@tutoria/shared';
import { AppError, notFound } from '../../http/app-error.ts';
import { route } from '../../http/route.ts';
import type { SpecificationsService, UploadPart } from './specifications.service.ts';

const contentTypes: Record<CourseFileKind, string> = { zip: 'application/zip', rar: 'application/vnd.rar' };

/** `attachment` with an ASCII fallback name and the exact UTF-8 name (RFC 6266 / 5987). */
export function attachmentHeader(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/** Multipart failures said in the catalogue's words (the size text is the store's own). */
function multipartError(error: unknown, maxMegabytes: number): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') {
    return new AppError('FAILED_VALIDATION', {
      text: { key: 'tooManyFiles', values: { max: COURSE_FILES_PER_UPLOAD_MAX } },
    });
  }
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError('FAILED_VALIDATION', {
      fields: [{ field: 'file', key: 'fileTooLarge', values: { size: maxMegabytes } }],
    });
  }
  if (typeof code === 'string' && code.startsWith('FST_')) return new AppError('INVALID_PAYLOAD');
  return error;
}

/** The file parts of a multipart request (other fields are ignored); not multipart means no file. */
async function* fileParts(request: FastifyRequest, maxMegabytes: number): AsyncGenerator<UploadPart> {
  if (!request.isMultipart()) return;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') yield { filename: part.filename, file: part.file };
    }
  } catch (error) {
    throw multipartError(error, maxMegabytes);
  }
}

const saved = (language: Language) => ({
  isSuccess: true as const,
  message: formatMessage(language, 'specificationSaved'),
});

export async function specificationsRoutes(
  app: FastifyInstance,
  specs: SpecificationsService,
  { maxUploadBytes }: { maxUploadBytes: number },
): Promise<void> {
  const c = contract.specifications;
  const maxMegabytes = Math.round((maxUploadBytes / (1024 * 1024)) * 100) / 100;

  route(app, c.list, ({ body }) => specs.list(body));
  route(app, c.create, async ({ user, body, request }) => ({
    ...saved(request.language),
    specification: await specs.create(user, body),
  }));
  route(app, c.edit, async ({ user, body, request }) => ({
    ...saved(request.language),
    specification: await specs.edit(user, body),
  }));
  route(app, c.delete, async ({ user, body, request }) => {
    await specs.delete(user, body.specificationId);
    return saved(request.language);
  });
  route(app, c.deleteCourseFile, async ({ user, params, request }) => {
    await specs.deleteCourseFile(user, params.id);
    return { isSuccess: true as const, message: formatMessage(request.language, 'courseFileRemoved') };
  });
  route(app, c.courseFileLink, ({ user, params }) =>
    specs.createDownloadLink(
      user,
      params.id,
      (ticket) =>
        `/api/v1/${c.downloadCourseFile.path.replace(':id', params.id)}?ticket=${encodeURIComponent(ticket)}`,
    ),
  );
  route(app, c.downloadCourseFile, async ({ params, query, reply, request }) => {
    const file = await specs.openDownload(params.id, query.ticket);
    let stream: fs.ReadStream;
    try {
      await fs.promises.access(file.path, fs.constants.R_OK);
      stream = fs.createReadStream(file.path);
    } catch (error) {
      request.log.error({ err: error, courseFileId: params.id }, 'course file missing on disk');
      throw notFound();
    }
    return reply
      .header('content-type', contentTypes[file.kind])
      .header('content-length', file.sizeInBytes)
      .header('content-disposition', attachmentHeader(file.name))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(stream);
  });
  route(app, c.evaluationTests, ({ body }) => specs.evaluationTests(body));

  // Multipart is parsed for the upload route only (encapsulated), with the configured size limit.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: maxUploadBytes,
        files: COURSE_FILES_PER_UPLOAD_MAX,
        fields: 20,
        fieldSize: 4096,
        parts: 40,
        headerPairs: 100,
      },
    });
    route(scope, c.uploadCourseFiles, async ({ user, query, request }) => ({
      isSuccess: true as const,
      message: formatMessage(request.language, 'courseFilesAdded'),
      courseFiles: await specs.uploadCourseFiles(user, query, fileParts(request, maxMegabytes)),
    }));
  });
}
