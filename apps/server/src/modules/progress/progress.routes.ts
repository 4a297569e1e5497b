import type { FastifyInstance } from 'fastify';
import { contract } from '@tutoria/shared';
import { route, said } from '../../http/route.ts';
import type { ProgressService } from './progress.service.ts';

/** `attachment` with an ASCII fallback name and the exact UTF-8 name (RFC 6266 / 5987). */
function attachmentHeader(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const exact = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${exact}`;
}

export function progressRoutes(app: FastifyInstance, s: ProgressService): void {
  const c = contract.progress;
  route(app, c.studentCoursePlan, ({ body, user }) => s.ofStudent(user, body.publicKey));
  route(app, c.mine, ({ user }) => s.mine(user));
  route(app, c.list, ({ body, user }) => s.list(user, body));
  route(app, c.createCoursePlan, async ({ body, user, request }) =>
    said(request, 'coursePlanSaved', { entry: await s.saveEntry(user, body) }),
  );
  route(app, c.upsertCoursePlan, async ({ body, user, request }) =>
    said(request, 'coursePlanSaved', { entry: await s.saveEntry(user, body) }),
  );
  route(app, c.deleteCoursePlan, async ({ body, user, request }) => {
    await s.deleteEntry(user, body.progressStageCoursePlanId);
    return said(request, 'coursePlanDeleted');
  });
  route(app, c.upsertApplication, async ({ body, user, request }) =>
    said(request, 'applicationSaved', { application: await s.saveApplication(user, body) }),
  );
  route(app, c.deleteApplication, async ({ body, user, request }) => {
    await s.deleteApplication(user, body.progressStageApplicationId);
    return said(request, 'applicationDeleted');
  });
  route(app, c.exportLink, ({ body, user, request }) =>
    s.createExportLink(
      user,
      body,
      request.language,
      (ticket) => `/api/v1/${c.downloadExport.path}?ticket=${encodeURIComponent(ticket)}`,
    ),
  );
  route(app, c.downloadExport, async ({ query, reply }) => {
    const file = await s.openExport(query.ticket);
    return reply
      .header('content-type', file.contentType)
      .header('content-length', file.body.length)
      .header('content-disposition', attachmentHeader(file.fileName))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(file.body);
  });
}
