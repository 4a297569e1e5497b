import type { Page } from 'playwright-core';

/**
 * Walks a signed-in user's pages the way they would reach them: from their home, every in-app link
 * on every page reached, one page per route (ids and keys folded), so every page of the router
 * that a role can open is found without a hand-kept list going stale.
 */
const idSegment = /^(\d{5,}|[0-9a-f-]{16,}|[A-Za-z0-9_-]{20,})$/;

/** `/admin/panel/class/4c9e…/student/cb2c…/exams-homeworks` → `/admin/panel/class/:id/student/:id/exams-homeworks`. */
export function routeOf(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => (idSegment.test(segment) ? ':id' : segment))
    .join('/');
}

/** A router path (`/admin/panel/class/:id/student/:student_id/…`, `/reports/:key?`) as `routeOf` folds it. */
export function routeOfPattern(path: string): string {
  return path
    .replace(/\/:[A-Za-z_]+\?$/, '')
    .split('/')
    .map((segment) => (segment.startsWith(':') ? ':id' : segment))
    .join('/');
}

const inFlight = new WeakMap<Page, Set<unknown>>();

/** Counts the page's requests in flight, for `settle` (networkidle waits a fixed 500 ms each time). */
export function trackRequests(page: Page): void {
  const pending = new Set<unknown>();
  inFlight.set(page, pending);
  // The notification stream stays open for the page's life: not a request the page waits for.
  page.on('request', (request) => {
    if (request.resourceType() !== 'eventsource') pending.add(request);
  });
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
}

/** The page has drawn its content: no request in flight for a moment, no loader shown. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  const pending = inFlight.get(page);
  const deadline = Date.now() + 15_000;
  let quietSince = 0;
  while (Date.now() < deadline) {
    const quiet = !pending || pending.size === 0;
    if (!quiet) quietSince = 0;
    else if (!quietSince) quietSince = Date.now();
    else if (Date.now() - quietSince >= 150) break;
    await page.waitForTimeout(50);
  }
  await page
    .locator('.mantine-Loader, .mantine-Skeleton')
    .first()
    .waitFor({ state: 'hidden', timeout: 10_000 })
    .catch(() => undefined);
}

/** Scrolled to the end and back: sections drawn as they come into view are drawn (and scanned). */
export async function drawWhole(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await settle(page);
  await page.evaluate(() => window.scrollTo(0, 0));
}

async function inAppLinks(page: Page, areas: readonly string[]): Promise<string[]> {
  const hrefs = await page.$$eval('a[href]', (anchors) =>
    anchors.map((anchor) => (anchor as HTMLAnchorElement).getAttribute('href') ?? ''),
  );
  return hrefs.filter(
    (href) => href.startsWith('/') && !href.startsWith('//') && areas.some((area) => href.startsWith(area)),
  );
}

/**
 * Every page reachable from `starts` within `areas` (path prefixes), breadth first: the URL first
 * seen for each route, its query kept (a filtered list is a page as its link shows it).
 */
export async function walkPages(
  page: Page,
  starts: readonly string[],
  areas: readonly string[],
  /** Called on each page found, drawn, before its links are followed. */
  visit: (url: string, route: string) => Promise<void> = async () => undefined,
  limit = 80,
): Promise<string[]> {
  const seen = new Map<string, string>();
  const queue = [...starts];
  while (queue.length > 0 && seen.size < limit) {
    const url = queue.shift()!;
    const route = routeOf(new URL(url, 'http://x').pathname);
    if (seen.has(route)) continue;
    await page.goto(url);
    await settle(page);
    const landed = new URL(page.url());
    if (routeOf(landed.pathname) !== route) continue; // a redirect: the page it leads to is walked on its own
    seen.set(route, url);
    await drawWhole(page);
    await visit(url, route);
    for (const link of await inAppLinks(page, areas)) {
      if (!seen.has(routeOf(new URL(link, 'http://x').pathname))) queue.push(link);
    }
  }
  return [...seen.values()];
}
