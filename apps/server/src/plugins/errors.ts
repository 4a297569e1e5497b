import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ZodError } from 'zod';
import {
  type ErrorBody,
  type ErrorCode,
  errorCatalogue,
  type FieldError,
  fieldLabel,
  formatMessage,
  formatMoneyIn,
  type Language,
  SESSION_EXPIRED_STATUS_CODE,
  zodErrorToFieldErrors,
} from '@tutoria/shared';
import { AppError, type AppErrorText } from '../http/app-error.ts';

/** Services say texts as keys and values (some values are keys or whole texts too); here they become the caller's language. */
function localise(language: Language, values: AppErrorText['values']): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(values ?? {})) {
    out[name] =
      typeof value !== 'object'
        ? value
        : 'money' in value
          ? formatMoneyIn(value.money, value.currency, language)
          : 'text' in value
            ? formatMessage(language, value.text.key, localise(language, value.text.values))
            : value.messages.map((key) => formatMessage(language, key)).join(language === 'zh' ? '、' : ', ');
  }
  return out;
}

function send(reply: FastifyReply, request: FastifyRequest, code: ErrorCode, text?: string, details?: FieldError[], statusCode?: number) {
  const language = request.language;
  const message = text ?? errorCatalogue[code][language];
  const body: ErrorBody = { isSuccess: false, code, message, Message: message };
  if (details?.length) body.details = details;
  if (statusCode !== undefined) body.statusCode = statusCode;
  return reply.status(errorCatalogue[code].status).send(body);
}

/** The one error handler (DESIGN §4): catalogue codes, texts in the caller's language, no internals on 5xx. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    const language = request.language;
    if (error instanceof AppError) {
      const { text, fields, statusCode } = error.options;
      const details = fields?.map((f) => ({
        field: f.field,
        message: formatMessage(language, f.key, {
          attribute: f.attribute ?? fieldLabel(f.field, language),
          ...localise(language, f.values),
        }),
      }));
      const message = text
        ? formatMessage(language, text.key, localise(language, text.values))
        : details?.length === 1 && error.code === 'FAILED_VALIDATION'
          ? details[0]!.message
          : undefined;
      const sessionCode = error.code === 'UNAUTHORIZED' ? SESSION_EXPIRED_STATUS_CODE : statusCode;
      return send(reply, request, error.code, message, details, sessionCode);
    }
    if (error instanceof ZodError) {
      const details = zodErrorToFieldErrors(error, language);
      return send(reply, request, 'FAILED_VALIDATION', details[0]?.message, details);
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return send(reply, request, 'INVALID_PAYLOAD');
    }
    if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fastifyError.statusCode === 413) {
      return send(reply, request, 'INVALID_PAYLOAD');
    }
    if (fastifyError.statusCode === 429) return send(reply, request, 'REQUESTS_EXCEEDED');
    if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
      // JSON syntax errors and other malformed requests: the client's fault, said without internals.
      return send(reply, request, 'INVALID_PAYLOAD');
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, request, 'INTERNAL_ERROR');
  });

  app.setNotFoundHandler((request, reply) => {
    // A missing hashed asset (a stale chunk after a deploy) must 404, not turn into the page.
    const isPage = request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/assets/');
    // History mode: every other path is the app's to route (its own 404 page included).
    if (isPage && reply.sendAppPage) return reply.sendAppPage();
    return send(reply, request, 'ROUTE_NOT_FOUND');
  });
});
