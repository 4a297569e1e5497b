import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pickLanguage } from '@tutoria/shared';

/** Reads Accept-Language first, so every later failure (even a bad signature) speaks it. */
export const languagePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('language', 'en');
  app.addHook('onRequest', async (request) => {
    request.language = pickLanguage(request.headers['accept-language']);
  });
});
