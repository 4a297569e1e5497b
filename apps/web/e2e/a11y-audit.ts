import { writeFileSync } from 'node:fs';
import { languageCookie } from '@tutoria/shared';
import type { Page } from 'playwright-core';
import { axeFindings, type Finding } from './axe';
import { PHONE, signIn, startStack, type Stack } from './harness';
import { routeOf, settle, walkPages } from './page-walk';

/**
 * `npm run a11y:audit`: every page each demo role reaches, in English and Chinese at 1440 and
 * 375 px, with every axe finding (all impacts) written to a JSON file for reading. The suite's
 * own check is accessibility-*.e2e.ts, which fails on critical and serious findings.
 */
const roles = (process.env.A11Y_ROLES ?? 'admin,finance,scheduler,leader,consultant,teacher,assistant,student').split(',');
const out = process.env.A11Y_OUT ?? '/tmp/a11y-audit.json';

async function setLanguage(page: Page, stack: Stack, language: 'en' | 'zh'): Promise<void> {
  await page.context().addCookies([{ name: languageCookie, value: language, url: stack.baseUrl }]);
  await page.evaluate((value) => localStorage.setItem('tutoria.language', value), language);
}

async function main(): Promise<void> {
  const stack = await startStack();
  const results: { role: string; language: string; width: number; url: string; findings: Finding[] }[] = [];
  try {
    for (const role of roles) {
      const page = await stack.newPage({ viewport: { width: 1440, height: 900 } });
      await signIn(page, role);
      await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
      await settle(page);
      const home = new URL(page.url()).pathname + new URL(page.url()).search;
      const urls = await walkPages(page, home, ['/admin', '/panel']);
      console.log(`${role}: ${urls.length} pages`);
      for (const language of ['en', 'zh'] as const) {
        await setLanguage(page, stack, language);
        for (const width of [1440, PHONE.width]) {
          await page.setViewportSize(width === 1440 ? { width: 1440, height: 900 } : PHONE);
          for (const url of urls) {
            await page.goto(url);
            await settle(page);
            const findings = await axeFindings(page);
            results.push({ role, language, width, url, findings });
            const serious = findings.filter((f) => f.impact === 'critical' || f.impact === 'serious').length;
            if (serious) console.log(`  ${language} ${width} ${routeOf(new URL(url, 'http://x').pathname)}: ${serious}`);
          }
        }
      }
      await page.context().close();
    }
  } finally {
    writeFileSync(out, JSON.stringify(results, null, 1));
    await stack.stop();
  }
}

await main();
