import type { FastifyInstance } from 'fastify';
import { contract } from '@tutoria/shared';
import { route, said } from '../../http/route.ts';
import type { ParentLinksService } from './parent-links.service.ts';
import type { SessionReportService } from './session-report.service.ts';

/** Session reports and parent report links (issue 10). */
export function sessionReportRoutes(
  app: FastifyInstance,
  s: { sessionReport: SessionReportService; parentLinks: ParentLinksService },
): void {
  const c = contract.sessionReports;
  route(app, c.sessionReport, ({ query, user }) =>
    s.sessionReport.read(user, query.sessionId, query.studentPublicKey),
  );
  route(app, c.createParentLink, async ({ body, user, request }) =>
    said(request, 'parentLinkCreated', await s.parentLinks.create(user, body)),
  );
  route(app, c.parentLinks, ({ query, user }) =>
    s.parentLinks.list(user, query.sessionId, query.studentPublicKey),
  );
  route(app, c.revokeParentLink, async ({ body, user, request }) =>
    said(request, 'parentLinkRevoked', await s.parentLinks.revoke(user, body.linkId)),
  );
  // A parent's page: never cached on the way, never indexed (plugins/security.ts marks every answer).
  route(app, c.parentReport, ({ query, request }) => s.parentLinks.open(query.reportId, request.ip));
}
