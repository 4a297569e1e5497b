import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { languageCookie, languages, type Language } from '@tutoria/shared';

/** An HTML page and its compressed copies, each made when first asked for (not on the start's path). */
export class HtmlPage {
  private compressed: { br?: Buffer; gzip?: Buffer } = {};
  readonly plain: Buffer;
  constructor(html: string) {
    this.plain = Buffer.from(html);
  }

  encoded(encoding: 'br' | 'gzip'): Buffer {
    return (this.compressed[encoding] ??=
      encoding === 'br'
        ? zlib.brotliCompressSync(this.plain, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })
        : zlib.gzipSync(this.plain, { level: 9 }));
  }
}

const COOKIE = new RegExp(`(?:^|;\\s*)${languageCookie}=([a-z]+)`);

/** The language the browser will show: the one its user picked (kept in a cookie too), else the centre's. */
export function languageOf(request: FastifyRequest, fallback: Language): Language {
  const picked = COOKIE.exec(request.headers.cookie ?? '')?.[1];
  return (languages as readonly string[]).includes(picked ?? '') ? (picked as Language) : fallback;
}

/**
 * Sends a page never cached (a deploy is seen at once), compressed as the browser allows; it varies
 * by language. `status` and `headers` are a page's own (a parent page: never stored, or not found).
 */
export function sendHtmlPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: HtmlPage,
  own: { status?: number; headers?: Record<string, string> } = {},
) {
  const accepts = String(request.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : undefined;
  reply
    .status(own.status ?? 200)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'Accept-Encoding, Cookie');
  if (own.headers) reply.headers(own.headers);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(encoding ? page.encoded(encoding) : page.plain);
}
