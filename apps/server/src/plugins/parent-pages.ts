/**
 * The parent's pages (issue 10's report links) open without sign-in to whoever holds a link, so
 * the server marks them, and the parent report's API answers, never to be indexed nor kept by a
 * cache on the way (issue 26). Only `/parent/report/{reportId}` is a page: any other path under
 * `/parent` is not found, and the app shows its not-found page.
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
