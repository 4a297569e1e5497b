import type { FastifyRequest } from 'fastify';
import { type Language, parentPageLanguage } from '@tutoria/shared';

/**
 * The parent's pages (issue 10's report links) open without sign-in to whoever holds a link, so
 * the server marks them, and the parent report's API answers, never to be indexed nor kept by a
 * cache on the way (issue 26). Only `/parent/report/{reportId}` is a page: any other path under
 * `/parent` is not found, and the app shows its not-found page. A parent page is sent in the
 * language the browser will draw it in (issue 27): the link's `?lang=`, else the browser's.
 */
export const notForSearch = { 'x-robots-tag': 'noindex, nofollow', 'cache-control': 'no-store' };

/** The same in the page's HTML, for whoever reads only that. */
export const robotsMeta = '<meta name="robots" content="noindex, nofollow">';

const PARENT = /^\/parent(?:\/|$)/i;
const REPORT = /^\/parent\/report\/[^/]+\/?$/i;

/** Whether a path (without its query) is a parent page: one naming a report, or one missing. */
export function parentPage(pathname: string): 'report' | 'missing' | undefined {
  if (!PARENT.test(pathname)) return undefined;
  return REPORT.test(pathname) ? 'report' : 'missing';
}

/** A parent page's headers: not for search, and its language follows Accept-Language too. */
export const parentPageHeaders = { ...notForSearch, vary: 'Accept-Encoding, Accept-Language' };

/**
 * The language a parent page opens in: the link's (`?lang=`), else the browser's
 * (`Accept-Language`), else the centre's. The app's saved choice (the cookie) is left out, as the
 * browser leaves it out on this page: staff who open a link see what the parent sees.
 */
export function parentLanguageOf(request: FastifyRequest, fallback: Language): Language {
  const query = request.url.split('?')[1] ?? '';
  return parentPageLanguage(query, request.headers['accept-language']) ?? fallback;
}

/** The page's `<html lang>`, so what reads the HTML before the script runs knows its language. */
export const withHtmlLanguage = (html: string, language: Language) =>
  html.replace(/<html\b[^>]*>/i, (tag) =>
    /\slang="[^"]*"/.test(tag)
      ? tag.replace(/\slang="[^"]*"/, ` lang="${language}"`)
      : tag.replace(/>$/, ` lang="${language}">`),
  );
