import type { FastifyInstance } from 'fastify';
import { contract, COURSE_FILES_PER_UPLOAD_MAX, formatMessage, type Language } from '@tutoria/shared';
import { fileParts, sendKeptFile, withMultipart } from '../../http/files.ts';
import { route } from '../../http/route.ts';
import type { SpecificationsService } from './specifications.service.ts';

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
  const limits = { maxUploadBytes, maxFiles: COURSE_FILES_PER_UPLOAD_MAX };

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
    return sendKeptFile(request, reply, file, { courseFileId: params.id });
  });
  route(app, c.evaluationTests, ({ body }) => specs.evaluationTests(body));

  // Multipart is parsed for the upload route only (encapsulated), with the configured size limit.
  await withMultipart(app, limits, (scope) => {
    route(scope, c.uploadCourseFiles, async ({ user, query, request }) => ({
      isSuccess: true as const,
      message: formatMessage(request.language, 'courseFilesAdded'),
      courseFiles: await specs.uploadCourseFiles(user, query, fileParts(request, limits)),
    }));
  });
}
