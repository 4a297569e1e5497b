import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract, routePreloadsFile, type RoutePreload } from '@tutoria/shared';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * issue 26: a parent report page opens without sign-in to whoever holds its link, so the server
 * marks every parent page and the parent report's API answers as never indexed and never stored,
 * and a parent path that names no report is a 404 (the app then shows its not-found page).
 */
const ROBOTS_META = '<meta name="robots" content="noindex, nofollow">';

function fakeDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tutoria-parent-dist-'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title></title></head><body><div id="root"></div></body></html>\n',
  );
  const preload = (pagePath: string, name: string): RoutePreload => ({
    path: pagePath,
    scripts: [`assets/${name}-Bb22.js`],
    stylesheets: [],
    texts: { en: [`assets/${name}-texts-en.js`], zh: [`assets/${name}-texts-zh.js`] },
  });
  fs.writeFileSync(
    path.join(dir, routePreloadsFile),
    JSON.stringify([
      preload('/parent/report/:reportId', 'parent-report-page'),
      preload('/admin/panel/users', 'users-page'),
      preload('*', 'not-found-page'),
    ]),
  );
  return dir;
}

const expectNotForSearch = (res: { headers: Record<string, unknown> }, what: string) => {
  expect(res.headers['x-robots-tag'], what).toBe('noindex, nofollow');
  expect(res.headers['cache-control'], what).toBe('no-store');
};

describe('parent pages', () => {
  let t: TestApp;
  const dist = fakeDist();
  beforeAll(async () => {
    t = await createTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('a report page is the app, marked never to be indexed nor stored, in its headers and its HTML', async () => {
    const res = await get('/parent/report/Abc123_-xyz');
    expect(res.statusCode).toBe(200);
    expectNotForSearch(res, 'page');
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain(ROBOTS_META);
    expect(res.body).toContain('assets/parent-report-page-Bb22.js');

    const compressed = await get('/parent/report/Abc123_-xyz', { 'accept-encoding': 'br' });
    expectNotForSearch(compressed, 'compressed');
    expect(zlib.brotliDecompressSync(compressed.rawPayload).toString()).toContain(ROBOTS_META);
  });

  it('a parent path without a report id is a 404 page, marked alike', async () => {
    for (const url of [
      '/parent/report',
      '/parent/report/',
      '/Parent/Report',
      '/parent',
      '/parent/',
      '/parent/report/a/b',
      '/parent/other?x=1',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expectNotForSearch(res, url);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).toContain(ROBOTS_META);
    }
  });

  // issue 27: sent in the language the browser will draw it in.
  it("a parent page is in the link's language (?lang=), else the browser's, else the centre's; never the app's cookie", async () => {
    const inLanguage = (body: string, language: string) => {
      expect(body).toContain(`<html lang="${language}">`);
      expect(body).toContain(`assets/parent-report-page-texts-${language}.js`);
      expect(body).not.toContain(`assets/parent-report-page-texts-${language === 'en' ? 'zh' : 'en'}.js`);
    };
    const cases = [
      ['/parent/report/Abc?lang=zh', { 'accept-language': 'en-US,en;q=0.9' }, 'zh'],
      ['/parent/report/Abc?lang=en', { 'accept-language': 'zh-CN,zh;q=0.9' }, 'en'],
      ['/parent/report/Abc', { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' }, 'zh'],
      ['/parent/report/Abc', { 'accept-language': 'fr-FR,zh-TW;q=0.8,en;q=0.5' }, 'zh'],
      ['/parent/report/Abc', { 'accept-language': 'en;q=0.5,zh;q=0.9' }, 'zh'],
      ['/parent/report/Abc?lang=fr', { 'accept-language': 'zh' }, 'zh'],
      ['/parent/report/Abc', { 'accept-language': 'fr', cookie: 'tutoria_language=zh' }, 'en'],
      ['/parent/report/Abc', { 'accept-language': 'en', cookie: 'tutoria_language=zh' }, 'en'],
      ['/parent/report', { 'accept-language': 'zh-CN' }, 'zh'],
    ] as const;
    for (const [url, headers, language] of cases) {
      const res = await get(url, headers);
      expect(res.statusCode, url).toBe(url === '/parent/report' ? 404 : 200);
      expect(res.headers.vary, url).toBe('Accept-Encoding, Accept-Language');
      expectNotForSearch(res, url);
      if (url !== '/parent/report') inLanguage(res.body, language);
      else expect(res.body, url).toContain(`<html lang="${language}">`);
    }
  });

  it('other pages are left as they were', async () => {
    for (const url of ['/admin/panel/users', '/parents', '/nowhere']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['x-robots-tag'], url).toBeUndefined();
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).not.toContain('name="robots"');
    }
  });
});

describe('the parent report API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('marks every answer never to be indexed nor stored: not found, refused input', async () => {
    const missing = await t.call(contract.sessionReports.parentReport, {
      query: { reportId: 'x'.repeat(43) },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('FETCH_DATA_FAILED');
    expectNotForSearch(missing, 'not found');

    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/v1/${contract.sessionReports.parentReport.path}`,
    });
    expect(refused.statusCode).toBe(400);
    expectNotForSearch(refused, 'no id');
  });

  it('leaves other API answers alone', async () => {
    const res = await t.call(contract.system.clientConfig, {});
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-robots-tag']).toBeUndefined();
  });
});
