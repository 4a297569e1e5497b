import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built single-page app from the same process (DESIGN §4). Hashed assets are cached
 * for a year; index.html never, so a deploy is seen at once. Unknown non-API paths get index.html
 * (history mode) from the not-found handler.
 */
export const webPlugin = fp(async (app: FastifyInstance, options: { webDist: string }) => {
  if (!fs.existsSync(path.join(options.webDist, 'index.html'))) {
    app.log.warn(`No built web app at ${options.webDist}: run "npm run build" to serve the browser app.`);
    return;
  }
  await app.register(fastifyStatic, {
    root: options.webDist,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      res.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
});
