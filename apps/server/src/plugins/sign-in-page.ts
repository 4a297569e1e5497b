import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { escapeHtml, languages, signInPageSlots, type Language } from '@tutoria/shared';
import { HtmlPage, languageOf, sendHtmlPage } from './html-page.ts';

export interface SignInPageOptions {
  webDist: string;
  appName: string;
  centreName: string;
  defaultLanguage: Language;
}

/** Each language's pre-rendered sign-in page with this centre's names; none without a build of them. */
function loadPages(options: SignInPageOptions): Map<Language, HtmlPage> {
  const pages = new Map<Language, HtmlPage>();
  for (const language of languages) {
    const file = path.join(options.webDist, 'prerendered', `sign-in.${language}.html`);
    if (!fs.existsSync(file)) return new Map();
    const html = fs
      .readFileSync(file, 'utf8')
      .replaceAll(signInPageSlots.centreName, escapeHtml(options.centreName))
      .replaceAll(signInPageSlots.appName, escapeHtml(options.appName));
    pages.set(language, new HtmlPage(html));
  }
  return pages;
}

/**
 * `/auth/login` as HTML already drawn (issue 9): the sign-in form shows before any script has run,
 * and the browser hydrates it. Without a pre-rendered build, the page is index.html like any other.
 */
export function signInPageRoute(app: FastifyInstance, options: SignInPageOptions): void {
  const pages = loadPages(options);
  if (!pages.size) return;
  app.get('/auth/login', (request, reply) =>
    sendHtmlPage(request, reply, pages.get(languageOf(request, options.defaultLanguage))!),
  );
}
