import { languageCookie } from '@tutoria/shared';
import type { Page } from 'playwright-core';
import { paths } from '../src/lib/paths';
import { axeFindings, blocking, type Finding } from './axe';
import { PHONE, signIn, type Stack } from './harness';
import { drawWhole, routeOf, routeOfPattern, settle, trackRequests, walkPages } from './page-walk';

/**
 * The accessibility sweep (issue 32), shared by the suite (accessibility*.e2e.ts: fails on critical
 * and serious findings) and `npm run a11y:audit` (every finding, for reading): each page a role
 * reaches, in English and Chinese, at 1440 and 375 px.
 */
export const DESKTOP = { width: 1440, height: 900 } as const;
export const languages = ['en', 'zh'] as const;
export type SweepLanguage = (typeof languages)[number];

export interface Scan {
  who: string;
  language: SweepLanguage;
  width: number;
  url: string;
  route: string;
  findings: Finding[];
}

/** The finance screens are tabs, not links: walked from here for those who see them. */
const financeScreens = [
  paths.financeDeposit.path,
  paths.financeTransfer.path,
  paths.financeSettlement.path,
  paths.financeFee.path,
  paths.financeDebtors.path,
  paths.financeSideCosts.path,
  paths.financeReport.path,
  paths.financeProfit.path,
];

export const demoRoles = [
  'admin',
  'finance',
  'scheduler',
  'leader',
  'consultant',
  'teacher',
  'assistant',
  'student',
] as const;

const extraStarts: Partial<Record<(typeof demoRoles)[number], string[]>> = {
  admin: financeScreens,
  finance: financeScreens,
};

export async function setLanguage(page: Page, stack: Stack, language: SweepLanguage): Promise<void> {
  await page.context().addCookies([{ name: languageCookie, value: language, url: stack.baseUrl }]);
  await page.evaluate((value) => localStorage.setItem('tutoria.language', value), language);
}

/** Scans the page as it is at both widths (the same page re-laid out: no reload between them). */
export async function scanBothWidths(
  page: Page,
  base: Omit<Scan, 'width' | 'findings'>,
): Promise<Scan[]> {
  const scans: Scan[] = [];
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await settle(page);
    scans.push({ ...base, width: viewport.width, findings: await axeFindings(page) });
  }
  await page.setViewportSize(DESKTOP);
  return scans;
}

/** A desktop page signed in as the demo user, on their home, its requests tracked for `settle`. */
export async function signedInPage(stack: Stack, role: string): Promise<Page> {
  const page = await stack.newPage({ viewport: DESKTOP });
  trackRequests(page);
  await signIn(page, role);
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
  await settle(page);
  return page;
}

/** Signs the demo role in, walks every page it reaches, and scans each in both languages and widths. */
export async function sweepRole(
  stack: Stack,
  role: (typeof demoRoles)[number],
  { chinese = true }: { chinese?: boolean } = {},
): Promise<Scan[]> {
  const page = await signedInPage(stack, role);
  try {
    const home = new URL(page.url());
    const starts = [home.pathname + home.search, ...(extraStarts[role] ?? [])];
    const scans: Scan[] = [];
    await setLanguage(page, stack, 'en');
    // English while walking (the demo users' own language), then the same pages in Chinese.
    const urls = await walkPages(page, starts, ['/admin', '/panel'], async (url, route) => {
      scans.push(...(await scanBothWidths(page, { who: role, language: 'en', url, route })));
    });
    if (!chinese) return scans;
    await setLanguage(page, stack, 'zh');
    for (const url of urls) {
      await page.goto(url);
      await settle(page);
      await drawWhole(page);
      const route = routeOf(new URL(url, stack.baseUrl).pathname);
      scans.push(...(await scanBothWidths(page, { who: role, language: 'zh', url, route })));
    }
    return scans;
  } finally {
    await page.context().close();
  }
}

/** Every route of the router with a page of its own, as `routeOf` folds an opened URL. */
export function routerPages(): Map<string, string> {
  const redirectsOnly = new Set(['auth', 'panel', 'admin', 'adminPanel', 'finance']);
  return new Map(
    Object.entries(paths)
      .filter(([key]) => !redirectsOnly.has(key))
      .map(([key, route]) => [routeOfPattern(route.path), key]),
  );
}

/** One line per blocking finding: who, where, which rule, which element and why. */
export function describeBlocking(scans: readonly Scan[]): string[] {
  return scans.flatMap((scan) =>
    blocking(scan.findings).map(
      (finding) =>
        `${scan.who} ${scan.language} ${scan.width}px ${scan.route}: ${finding.rule} (${finding.impact}) ${finding.target} — ${finding.detail}`,
    ),
  );
}
