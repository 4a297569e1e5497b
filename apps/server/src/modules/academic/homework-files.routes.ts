import type { FastifyInstance } from 'fastify';
import { contract, HOMEWORK_FILE_MAX_BYTES, HOMEWORK_FILES_PER_UPLOAD_MAX } from '@tutoria/shared';
import { fileParts, sendKeptFile, withMultipart } from '../../http/files.ts';
import { route, said } from '../../http/route.ts';
import type { HomeworkFilesService } from './homework-files.service.ts';

/** Homework files (hw-files): upload (multipart, its own encapsulated parser), delete, link, download. */
export async function homeworkFilesRoutes(app: FastifyInstance, s: HomeworkFilesService): Promise<void> {
  const c = contract.homeworkFiles;
  const limits = { maxUploadBytes: HOMEWORK_FILE_MAX_BYTES, maxFiles: HOMEWORK_FILES_PER_UPLOAD_MAX };
  route(app, c.deleteHomeworkFile, async ({ user, params, request }) => {
    await s.deleteFile(user, params.id);
    return said(request, 'homeworkFileRemoved');
  });
  route(app, c.homeworkFileLink, ({ user, params }) =>
    s.createDownloadLink(
      user,
      params.id,
      (ticket) =>
        `/api/v1/${c.downloadHomeworkFile.path.replace(':id', params.id)}?ticket=${encodeURIComponent(ticket)}`,
    ),
  );
  route(app, c.downloadHomeworkFile, async ({ params, query, reply, request }) => {
    const file = await s.openDownload(params.id, query.ticket);
    return sendKeptFile(request, reply, file, { homeworkFileId: params.id });
  });
  route(app, c.removeHomework, async ({ user, body, request }) =>
    said(request, 'homeworkRemoved', await s.removeHomework(user, body.homeworkId)),
  );
  await withMultipart(app, limits, (scope) => {
    route(scope, c.uploadHomeworkFiles, async ({ user, query, request }) =>
      said(request, 'homeworkFilesAdded', { files: await s.upload(user, query, fileParts(request, limits)) }),
    );
  });
}
