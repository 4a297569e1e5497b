import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { appPages } from './app-pages.ts';
import { signInPageRoute, type SignInPageOptions } from './sign-in-page.ts';

declare module 'fastify' {
  interface FastifyReply {
    /** index.html for the page the request opens, with that page's files linked (app-pages.ts). */
    sendAppPage?: () => FastifyReply;
  }
}

/**
 * Serves the built single-page app from the same process (DESIGN §4). The build writes a Brotli
 * (.br) and a gzip (.gz) copy beside every text file; the browser gets the one its Accept-Encoding
 * allows (Brotli first), with `Vary: Accept-Encoding`, and the plain file otherwise (DESIGN §11).
 * Hashed assets are cached for a year as immutable; index.html never, so a deploy is seen at once.
 * Unknown non-API paths get index.html (history mode) from the not-found handler, with the files
 * of the page they open linked (app-pages.ts); the sign-in page is sent pre-rendered (sign-in-page.ts).
 */
export const webPlugin = fp(async (app: FastifyInstance, options: SignInPageOptions) => {
  if (!fs.existsSync(path.join(options.webDist, 'index.html'))) {
    app.log.warn(`No built web app at ${options.webDist}: run "npm run build" to serve the browser app.`);
    return;
  }
  await app.register(fastifyStatic, {
    root: options.webDist,
    wildcard: false,
    index: false,
    preCompressed: true,
    // The compressed copies are chosen by content negotiation, never asked for by name; the
    // pre-rendered pages hold stand-ins for the centre's names, filled in by signInPageRoute.
    globIgnore: ['**/*.br', '**/*.gz', 'prerendered/**'],
    setHeaders(res, filePath) {
      res.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  });
  const sendPage = appPages(options);
  app.decorateReply('sendAppPage', function (this: FastifyReply) {
    return sendPage(this.request, this);
  });
  signInPageRoute(app, options);
});
