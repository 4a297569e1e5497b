import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml, languageCookie, languages, signInPageSlots, type Language } from '@tutoria/shared';

/** A page and its compressed copies, each made when first asked for (not on the start's path). */
class Page {
  private compressed: { br?: Buffer; gzip?: Buffer } = {};
  constructor(readonly plain: Buffer) {}

  encoded(encoding: 'br' | 'gzip'): Buffer {
    return (this.compressed[encoding] ??=
      encoding === 'br'
        ? zlib.brotliCompressSync(this.plain, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })
        : zlib.gzipSync(this.plain, { level: 9 }));
  }
}

export interface SignInPageOptions {
  webDist: string;
  appName: string;
  centreName: string;
  defaultLanguage: Language;
}

/** Each language's pre-rendered sign-in page with this centre's names; none without a build of them. */
function loadPages(options: SignInPageOptions): Map<Language, Page> {
  const pages = new Map<Language, Page>();
  for (const language of languages) {
    const file = path.join(options.webDist, 'prerendered', `sign-in.${language}.html`);
    if (!fs.existsSync(file)) return new Map();
    const html = fs
      .readFileSync(file, 'utf8')
      .replaceAll(signInPageSlots.centreName, escapeHtml(options.centreName))
      .replaceAll(signInPageSlots.appName, escapeHtml(options.appName));
    pages.set(language, new Page(Buffer.from(html)));
  }
  return pages;
}

const COOKIE = new RegExp(`(?:^|;\\s*)${languageCookie}=([a-z]+)`);

/** The language the browser will show: the one its user picked (kept in a cookie too), else the centre's. */
function languageOf(request: FastifyRequest, fallback: Language): Language {
  const picked = COOKIE.exec(request.headers.cookie ?? '')?.[1];
  return (languages as readonly string[]).includes(picked ?? '') ? (picked as Language) : fallback;
}

function send(request: FastifyRequest, reply: FastifyReply, page: Page) {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : undefined;
  reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'Accept-Encoding, Cookie');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(encoding ? page.encoded(encoding) : page.plain);
}

/**
 * `/auth/login` as HTML already drawn (issue 9): the sign-in form shows before any script has run,
 * and the browser hydrates it. Without a pre-rendered build, the page is index.html like any other.
 */
export function signInPageRoute(app: FastifyInstance, options: SignInPageOptions): void {
  const pages = loadPages(options);
  if (!pages.size) return;
  app.get('/auth/login', (request, reply) =>
    send(request, reply, pages.get(languageOf(request, options.defaultLanguage))!),
  );
}
