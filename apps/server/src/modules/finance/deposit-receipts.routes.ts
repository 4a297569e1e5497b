import type { FastifyInstance } from 'fastify';
import { contract, DEPOSIT_RECEIPT_MAX_BYTES } from '@tutoria/shared';
import { fileParts, sendKeptFile, withMultipart } from '../../http/files.ts';
import { route, said } from '../../http/route.ts';
import type { DepositReceiptsService } from './deposit-receipts.service.ts';

/** A deposit's receipt (issue 11, receipt): upload (multipart, its own encapsulated parser), delete, link, download. */
export async function depositReceiptsRoutes(app: FastifyInstance, s: DepositReceiptsService): Promise<void> {
  const c = contract.depositReceipts;
  const limits = { maxUploadBytes: DEPOSIT_RECEIPT_MAX_BYTES, maxFiles: 1 };
  route(app, c.deleteReceipt, async ({ user, body, request }) => {
    await s.delete(user, body.depositId);
    return said(request, 'depositReceiptRemoved');
  });
  route(app, c.receiptLink, ({ user, body }) =>
    s.createDownloadLink(
      user,
      body.depositId,
      (receiptId, ticket) =>
        `/api/v1/${c.downloadReceipt.path.replace(':id', receiptId)}?ticket=${encodeURIComponent(ticket)}`,
    ),
  );
  route(app, c.downloadReceipt, async ({ params, query, reply, request }) => {
    const file = await s.openDownload(params.id, query.ticket);
    return sendKeptFile(request, reply, file, { receiptId: params.id });
  });
  await withMultipart(app, limits, (scope) => {
    route(scope, c.uploadReceipt, async ({ user, query, request }) => ({
      ...said(request, 'depositReceiptAttached'),
      receipt: await s.upload(user, query, fileParts(request, limits)),
    }));
  });
}
