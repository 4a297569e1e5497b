import type { FastifyInstance } from 'fastify';
import { CONTRACT_FILE_MAX_BYTES, contract } from '@tutoria/shared';
import { fileParts, sendKeptFile, withMultipart } from '../../http/files.ts';
import { route, said } from '../../http/route.ts';
import type { ContractFilesService } from './contract-files.service.ts';
import type { ContractsService } from './contracts.service.ts';

/** Contracts (SPEC §7 "Finance: contracts"), thin: the services check the rules; success texts are said here. */
export async function contractsRoutes(
  app: FastifyInstance,
  services: { contracts: ContractsService; files: ContractFilesService },
): Promise<void> {
  const { contracts, files } = services;
  const c = contract.contracts;
  route(app, c.list, ({ user, body }) => contracts.list(user, body));
  route(app, c.studentBalance, ({ user, query }) => contracts.studentBalance(user, query.studentPublicKey));
  route(app, c.create, async ({ user, body, request }) => ({ ...said(request, 'contractSaved'), contract: await contracts.create(user, body) }));
  route(app, c.edit, async ({ user, body, request }) => ({ ...said(request, 'contractSaved'), contract: await contracts.edit(user, body) }));
  route(app, c.delete, async ({ user, body, request }) => {
    await contracts.delete(user, body.contractId);
    return said(request, 'contractDeleted');
  });
  route(app, c.deleteFile, async ({ user, body, request }) => {
    await files.delete(user, body.contractId);
    return said(request, 'contractFileRemoved');
  });
  route(app, c.fileLink, ({ user, body }) =>
    files.createDownloadLink(
      user,
      body.contractId,
      (fileId, ticket) => `/api/v1/${c.downloadFile.path.replace(':id', fileId)}?ticket=${encodeURIComponent(ticket)}`,
    ),
  );
  route(app, c.downloadFile, async ({ params, query, reply, request }) => {
    const file = await files.openDownload(params.id, query.ticket);
    return sendKeptFile(request, reply, file, { contractFileId: params.id });
  });
  const limits = { maxUploadBytes: CONTRACT_FILE_MAX_BYTES, maxFiles: 1 };
  await withMultipart(app, limits, (scope) => {
    route(scope, c.uploadFile, async ({ user, query, request }) => ({
      ...said(request, 'contractFileAttached'),
      file: await files.upload(user, query, fileParts(request, limits)),
    }));
  });
}
