import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startStack, type Stack } from './harness';

/**
 * Every screen imports the styles of the Mantine components it draws, next to them (issue 9: a first
 * visit loads no other screen's styles). A component that draws another inside it (a segmented
 * control's indicator, a switch's inline input, the table's pager) needs that one's styles too, and
 * without them it is drawn unstyled: a grid stacked, a hidden column title shown. Each Mantine class
 * on these pages must have a rule in a loaded stylesheet.
 */
let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});

afterAll(async () => {
  await stack?.stop();
});

/** Mantine classes (`m_…`) in the page that no loaded stylesheet has a rule for, with the component's name. */
function unstyledClasses(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const styled = new Set<string>();
    const collect = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule)
          for (const match of rule.selectorText.matchAll(/\.(m_[0-9a-f]+)/g)) styled.add(match[1]!);
        if ('cssRules' in rule) collect((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) collect(sheet.cssRules);
    const missing = new Set<string>();
    for (const element of Array.from(document.querySelectorAll('[class*="m_"]'))) {
      const component = [...element.classList].find((name) => name.startsWith('mantine-')) ?? element.tagName;
      for (const name of Array.from(element.classList))
        if (/^m_[0-9a-f]+$/.test(name) && !styled.has(name)) missing.add(`${component} (${name})`);
    }
    return [...missing];
  });
}

describe('Mantine components drawn with their styles', () => {
  it('on the admin pages, a class page and the public landing page', async () => {
    const page = await stack.newPage();
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(await unstyledClasses(page), '/').toEqual([]);

    await signIn(page, 'admin');
    await page.waitForURL(/\/admin\//);
    for (const path of [
      '/admin/panel/users',
      '/admin/panel/lessons',
      '/admin/panel/courses',
      '/admin/panel/class/table',
      '/admin/panel/class/upcoming',
      '/admin/panel/notifications',
      '/admin/finance/deposit',
      // staff tasks (issue 29)
      '/admin/panel/reports/tasks',
    ]) {
      await page.goto(path);
      await page.locator('main h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await unstyledClasses(page), path).toEqual([]);
    }

    await page.goto('/admin/panel/class/table');
    await page.locator('tbody a[href*="/admin/panel/class/"]').first().click();
    await page.waitForURL(/\/admin\/panel\/class\/[0-9a-f-]{36}$/);
    await page.waitForLoadState('networkidle');
    expect(await unstyledClasses(page), 'a class').toEqual([]);
  });
});
