import type { FastifyInstance } from 'fastify';
import { contract } from '@tutoria/shared';
import { sendAttachment } from '../../http/attachment.ts';
import { route, said } from '../../http/route.ts';
import type { ProgressService } from './progress.service.ts';

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
  route(app, c.downloadExport, async ({ query, reply }) => sendAttachment(reply, await s.openExport(query.ticket)));
  // fin-export: the student's own plan (issue 12)
  route(app, c.myExportLink, ({ body, user, request }) =>
    s.createExportLink(
      user,
      { studentPublicKey: user.publicKey, format: body.format },
      request.language,
      (ticket) => `/api/v1/${c.downloadExport.path}?ticket=${encodeURIComponent(ticket)}`,
    ),
  );
}
