import type { FastifyInstance } from 'fastify';
import { contract, EXPORT_TOTAL_ROWS_HEADER } from '@tutoria/shared';
import { sendAttachment } from '../../http/attachment.ts';
import { route } from '../../http/route.ts';
import type { FinancialReportService } from './financial-report.service.ts';

/** The financial report and its export (issue 28); thin: the service reads the ledger. */
export function financialReportRoutes(app: FastifyInstance, report: FinancialReportService): void {
  const c = contract.financialReport;
  route(app, c.report, ({ query }) => report.report(query));
  route(app, c.export, async ({ query, request, reply }) => {
    const file = await report.export(query, request.language);
    return sendAttachment(reply, { ...file, headers: { [EXPORT_TOTAL_ROWS_HEADER]: file.totalRows } });
  });
}
