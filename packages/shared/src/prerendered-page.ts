// The sign-in page drawn at build time and filled in by the server, and the files each page of the
// app loads (issue 9): what the web build (apps/web/build/) and the server
// (apps/server/src/plugins/sign-in-page.ts, app-pages.ts) agree on.
import type { Language } from './errors.ts';

/** The build's list of each page's files, beside index.html. */
export const routePreloadsFile = 'route-preloads.json';

/** One page of the app and the files it loads beyond index.html's own. */
export interface RoutePreload {
  /** The path as the browser's router matches it (`:id`, `:key?`, a final `*`). */
  path: string;
  /** Its code: the routed app, its layouts and page, and all they import. */
  scripts: string[];
  stylesheets: string[];
  /** Its texts in each language. */
  texts: Record<Language, string[]>;
}

/**
 * The cookie the browser keeps the interface language in, beside its local storage: the server
 * reads it to send the sign-in page pre-rendered in that language. Nothing else reads it.
 */
export const languageCookie = 'tutoria_language';

/**
 * Stand-ins for the centre's name and the application's name, which only the running server knows:
 * the build leaves them in the page, the server puts the names in, HTML-escaped, when it starts.
 */
export const signInPageSlots = {
  centreName: '%TUTORIA_CENTRE_NAME%',
  appName: '%TUTORIA_APP_NAME%',
} as const;

/** Text made safe inside an HTML element or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
