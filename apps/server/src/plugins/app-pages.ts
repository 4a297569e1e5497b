import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { routePreloadsFile, type Language, type RoutePreload } from '@tutoria/shared';
import { HtmlPage, languageOf, sendHtmlPage } from './html-page.ts';
import {
  parentLanguageOf,
  parentPage,
  parentPageHeaders,
  robotsMeta,
  withHtmlLanguage,
} from './parent-pages.ts';

interface PageRoute {
  preload: RoutePreload;
  segments: string[];
  /** React Router's ranking: a fixed segment over a parameter over a splat. */
  score: number;
}

const segmentsOf = (pathname: string) => pathname.split('/').filter(Boolean);

function compile(preload: RoutePreload): PageRoute {
  const segments = segmentsOf(preload.path);
  const score = segments.reduce(
    (sum, segment) =>
      sum + (segment === '*' ? -2 : segment.startsWith(':') ? (segment.endsWith('?') ? 2 : 3) : 10),
    0,
  );
  return { preload, segments, score };
}

/** Whether a path's parts fit a route's segments, as React Router matches (case-insensitively). */
function fits(segments: readonly string[], parts: readonly string[]): boolean {
  let at = 0;
  for (const segment of segments) {
    if (segment === '*') return true;
    const part = parts[at];
    if (part === undefined) {
      if (segment.endsWith('?')) continue;
      return false;
    }
    if (!segment.startsWith(':') && segment.toLowerCase() !== part.toLowerCase()) return false;
    at += 1;
  }
  return at === parts.length;
}

/** The page route a path opens, the best ranked when several fit. */
export function matchPageRoute<R extends { segments: string[]; score: number }>(
  routes: readonly R[],
  pathname: string,
) {
  const parts = segmentsOf(pathname);
  let best: R | undefined;
  for (const route of routes) {
    if (fits(route.segments, parts) && (!best || route.score > best.score)) best = route;
  }
  return best;
}

function readPreloads(webDist: string): RoutePreload[] {
  const file = path.join(webDist, routePreloadsFile);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as RoutePreload[]) : [];
}

/** `<link>`s for a page's files, written where index.html's own end. */
function withLinks(index: string, preload: RoutePreload, language: Language): string {
  const links = [
    ...preload.stylesheets.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...[...preload.scripts, ...preload.texts[language]].map(
      (file) => `<link rel="modulepreload" crossorigin href="/${file}">`,
    ),
  ];
  return index.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
}

/**
 * index.html for a page of the app, naming the files that page loads (issue 9): the browser
 * fetches its code, styles and texts (in the language the visitor picked, else the centre's) as it
 * reads the HTML, instead of after the entry, the start-up settings and the router; the module
 * loader then finds each file already linked and adds nothing. Any path no page route fits gets
 * index.html as it is (the app shows its not-found page). A parent page (parent-pages.ts) carries
 * the robots meta and headers, is sent in the parent's language (the link's, else the browser's),
 * and answers 404 when it names no report.
 */
export function appPages(options: { webDist: string; defaultLanguage: Language }) {
  const index = fs.readFileSync(path.join(options.webDist, 'index.html'), 'utf8');
  // The links go where index.html's head ends; a page without one is sent as it is.
  const routes = index.includes('</head>') ? readPreloads(options.webDist).map(compile) : [];
  const plain = new HtmlPage(index);
  const pages = new Map<string, HtmlPage>();
  const cached = (key: string, html: () => string) => {
    let page = pages.get(key);
    if (!page) {
      page = new HtmlPage(html());
      pages.set(key, page);
    }
    return page;
  };
  return (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0]!;
    const route = matchPageRoute(routes, pathname);
    const parent = parentPage(pathname);
    if (!route && !parent) return sendHtmlPage(request, reply, plain);
    const language = parent
      ? parentLanguageOf(request, options.defaultLanguage)
      : languageOf(request, options.defaultLanguage);
    const key = `${route?.preload.path ?? ''} ${language}`;
    const linked = () => (route ? withLinks(index, route.preload, language) : index);
    if (!parent) return sendHtmlPage(request, reply, cached(key, linked));
    const page = cached(`${key} robots`, () =>
      withHtmlLanguage(linked(), language).replace('</head>', `  ${robotsMeta}\n  </head>`),
    );
    const status = parent === 'report' ? 200 : 404;
    return sendHtmlPage(request, reply, page, { status, headers: parentPageHeaders });
  };
}
