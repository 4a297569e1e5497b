import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { contract, formatMessage, type MessageKey, USER_IMAGE_MAX_BYTES, type UserDetails } from '@tutoria/shared';
import { AppError, notFound } from '../../http/app-error.ts';
import { route, said } from '../../http/route.ts';
import { contentTypeOf, sniffImage } from './user-images.ts';
import type { OneTimeCodesService } from './one-time-codes.service.ts';
import type { UsersService } from './users.service.ts';

const client = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });

/** Reads the one uploaded file of a multipart request, refusing anything that is not an image. */
async function readImageUpload(request: FastifyRequest) {
  const chooseFile = () =>
    new AppError('FAILED_VALIDATION', { fields: [{ field: 'file', key: 'chooseFile' }] });
  if (!request.isMultipart()) throw chooseFile();
  let buffer: Buffer;
  try {
    const file = await request.file({
      limits: { fileSize: USER_IMAGE_MAX_BYTES, files: 1, fields: 2, parts: 3 },
    });
    if (!file) throw chooseFile();
    buffer = await file.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('FAILED_VALIDATION', {
        fields: [{ field: 'file', key: 'size', values: { size: USER_IMAGE_MAX_BYTES / 1024 } }],
      });
    }
    throw new AppError('INVALID_PAYLOAD');
  }
  if (buffer.length === 0) throw chooseFile();
  const kind = sniffImage(buffer);
  if (!kind) throw new AppError('FAILED_VALIDATION', { fields: [{ field: 'file', key: 'image' }] });
  return { buffer, kind };
}

export async function usersRoutes(
  app: FastifyInstance,
  users: UsersService,
  codes: OneTimeCodesService,
): Promise<void> {
  const c = contract.users;
  route(app, c.list, ({ user, body, query }) => users.list(user, body, query.ignoreRoleFilter ?? false));
  route(app, c.byRoleAndBaseType, ({ user, body }) => users.byRoleAndBaseType(user, body));
  route(app, c.consultants, ({ body }) => users.consultants(body?.fullName));
  route(app, c.countOfEachRole, ({ user }) => users.countOfEachRole(user));
  route(app, c.get, async ({ user, query, request }) => {
    const read = await users.get(user, query.publicKey);
    const ownedRecords = read.ownedRecords?.map((key) => formatMessage(request.language, key)) ?? null;
    return { ...read, ownedRecords };
  });
  const saved = async (request: FastifyRequest, change: Promise<{ messageKey: MessageKey; user: UserDetails }>) => {
    const { messageKey, user } = await change;
    return said(request, messageKey, { user });
  };
  route(app, c.register, ({ user, body, request }) => saved(request, users.register(user, body)));
  route(app, c.edit, ({ user, body, request }) => saved(request, users.edit(user, body)));
  route(app, c.resetPassword, async ({ user, body, request }) => {
    await users.resetPassword(user, body);
    return said(request, 'userPasswordReset');
  });
  route(app, c.delete, async ({ user, body, request }) => {
    await users.remove(user, body.publicKey);
    return said(request, 'userDeleted');
  });
  route(app, c.archive, ({ user, body, request }) => saved(request, users.archive(user, body)));
  route(app, c.disable, ({ user, body, request }) => saved(request, users.disable(user, body)));
  route(app, c.loginHistory, ({ user, query }) => users.loginHistory(user, query));
  route(app, c.auditTrail, ({ user, query }) => users.auditTrail(user, query));
  route(app, c.setPermissions, ({ user, body, request }) => saved(request, users.setPermissions(user, body)));
  route(app, c.image, async ({ params, reply }) => {
    const image = await users.readImage(params.name);
    if (!image) throw notFound();
    reply
      .header('content-type', contentTypeOf(params.name))
      .header('content-disposition', 'attachment; filename="profile-image"')
      .header('cache-control', 'private, max-age=86400')
      .header('content-security-policy', "default-src 'none'; sandbox");
    return reply.send(image) as unknown as string;
  });
  route(app, c.requestPhoneVerify, async ({ user, request }) => {
    await codes.requestPhoneVerify(user, client(request));
    return said(request, 'otpSent');
  });
  route(app, c.verifyPhone, async ({ user, body, request }) => {
    await codes.verifyPhone(user, body.code);
    return said(request, 'phoneVerified');
  });
  route(app, c.oneTimePassword, async ({ body, request }) => {
    await codes.oneTimePassword(body.phoneNumber, client(request));
    return said(request, 'otpSent');
  });
  route(app, c.oneTimePasswordLogin, ({ body, request }) =>
    codes.oneTimePasswordLogin(body.phoneNumber, body.code, client(request)),
  );

  // Multipart is parsed only where uploads are served (and shared if another area registered it already).
  await app.register(async (scope) => {
    if (!scope.hasRequestDecorator('file')) await scope.register(multipart);
    route(scope, c.uploadImage, async ({ request }) => {
      const { buffer, kind } = await readImageUpload(request);
      return { imageUrl: await users.saveImage(buffer, kind.ext) };
    });
  });
}
