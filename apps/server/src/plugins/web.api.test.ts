import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routePreloadsFile, type RoutePreload } from '@tutoria/shared';
import { precompressDir } from '../../../web/build/precompress.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** A built app in miniature: hashed JS and CSS, index.html and a public file, compressed as the build does. */
function fakeDist(): { dir: string; assets: Map<string, string> } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tutoria-web-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const assets = new Map<string, string>([
    ['/assets/index-Ab12Cd34.js', `export const words = ${JSON.stringify('tutoria '.repeat(400))};\n`],
    ['/assets/login-page-Ef56Gh78.js', 'export function LoginPage() { return null; }\n'],
    ['/assets/index-Ij90Kl12.css', `.page { color: red; }\n`.repeat(100)],
    ['/assets/auth-layout-Mn34Op56.css', '.x{margin:0}\n'],
  ]);
  for (const [url, text] of assets) fs.writeFileSync(path.join(dir, url), text);
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title></title></head><body><div id="root"></div></body></html>\n',
  );
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>\n');
  precompressDir(dir);
  return { dir, assets };
}

function decode(encoding: string | undefined, body: Buffer): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString();
  return body.toString();
}

describe('static files of the web app (DESIGN §11)', () => {
  let t: TestApp;
  const dist = fakeDist();
  beforeAll(async () => {
    t = await createTestApp({ WEB_DIST: dist.dir });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist.dir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it.each([
    ['br', 'br, gzip, deflate'],
    ['br', 'br'],
    ['gzip', 'gzip, deflate'],
    ['gzip', 'gzip'],
  ])('sends every JS and CSS file as %s to a browser asking "%s", cached as immutable', async (encoding, accept) => {
    for (const [url, text] of dist.assets) {
      const res = await get(url, accept);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe(encoding);
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control'], url).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-type'], url).toMatch(url.endsWith('.js') ? /javascript/ : /text\/css/);
      expect(decode(encoding, res.rawPayload), url).toBe(text);
    }
  });

  it('sends the plain file to a client that accepts no compression, still varying on Accept-Encoding', async () => {
    for (const [url, text] of dist.assets) {
      const res = await get(url);
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      expect(res.body, url).toBe(text);
    }
  });

  it('sends index.html compressed and never cached, for the root and for a page of the app', async () => {
    for (const url of ['/index.html', '/auth/login']) {
      const res = await get(url, 'gzip, deflate, br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(decode('br', res.rawPayload), url).toContain('<div id="root">');
    }
  });

  it('never answers a compressed copy by its own name, nor a missing asset with the page', async () => {
    expect((await get('/assets/index-Ab12Cd34.js.br', 'br')).statusCode).toBe(404);
    expect((await get('/assets/index-Ab12Cd34.js.gz')).statusCode).toBe(404);
    expect((await get('/assets/gone-Zz99.js', 'br')).statusCode).toBe(404);
  });

  it('compresses the public files too', async () => {
    const res = await get('/favicon.svg', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});

describe('the sign-in page sent pre-rendered (issue 9)', () => {
  let t: TestApp;
  const dist = fakeDist();
  fs.mkdirSync(path.join(dist.dir, 'prerendered'));
  for (const [language, heading] of [
    ['en', 'Welcome back'],
    ['zh', '欢迎回来'],
  ]) {
    fs.writeFileSync(
      path.join(dist.dir, 'prerendered', `sign-in.${language}.html`),
      `<!doctype html><html lang="${language}"><head><title>%TUTORIA_APP_NAME%</title></head>` +
        `<body><div id="root" data-prerendered="sign-in"><h1>${heading}</h1><a aria-label="%TUTORIA_CENTRE_NAME%, home">%TUTORIA_CENTRE_NAME%</a></div></body></html>\n`,
    );
  }
  beforeAll(async () => {
    t = await createTestApp({
      WEB_DIST: dist.dir,
      APP_NAME: 'Tutoria <Pro>',
      CENTRE_NAME: `Harbour & "Sons" <Learning>`,
      DEFAULT_LANGUAGE: 'zh',
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist.dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it("is in the centre's language by default and in the one the visitor picked (its cookie), names escaped", async () => {
    const byDefault = await get('/auth/login');
    expect(byDefault.statusCode).toBe(200);
    expect(byDefault.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(byDefault.headers['cache-control']).toBe('no-cache');
    expect(byDefault.headers.vary).toBe('Accept-Encoding, Cookie');
    expect(byDefault.body).toContain('<h1>欢迎回来</h1>');
    expect(byDefault.body).toContain('<title>Tutoria &lt;Pro&gt;</title>');
    expect(byDefault.body).toContain(
      'aria-label="Harbour &amp; &quot;Sons&quot; &lt;Learning&gt;, home">Harbour &amp; &quot;Sons&quot; &lt;Learning&gt;</a>',
    );
    expect(byDefault.body).not.toContain('%TUTORIA_');

    const picked = await get('/auth/login?redirect=%2Fadmin', { cookie: 'other=1; tutoria_language=en' });
    expect(picked.body).toContain('<h1>Welcome back</h1>');
    const unknown = await get('/auth/login', { cookie: 'tutoria_language=fr' });
    expect(unknown.body).toContain('<h1>欢迎回来</h1>');
  });

  it('is sent compressed as the browser allows, with the security headers of every answer', async () => {
    const br = await get('/auth/login', { 'accept-encoding': 'gzip, deflate, br', cookie: 'tutoria_language=en' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(decode('br', br.rawPayload)).toContain('<h1>Welcome back</h1>');
    const gzip = await get('/auth/login', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decode('gzip', gzip.rawPayload)).toContain('<h1>欢迎回来</h1>');
    expect(br.headers['content-security-policy']).toContain("script-src 'self'");
    expect(br.headers['x-frame-options']).toBe('DENY');
  });

  it('never sends the pre-rendered files themselves, with their stand-ins; other pages get index.html', async () => {
    for (const url of ['/prerendered/sign-in.en.html', '/prerendered/sign-in.zh.html']) {
      const res = await get(url);
      expect(res.body, url).not.toContain('%TUTORIA_');
      expect(res.body, url).toContain('<div id="root"></div>');
    }
    expect((await get('/admin/panel/users')).body).toContain('<div id="root"></div>');
  });
});

describe('a page of the app names the files it loads (issue 9)', () => {
  let t: TestApp;
  const dist = fakeDist();
  const preload = (pagePath: string, name: string): RoutePreload => ({
    path: pagePath,
    scripts: ['assets/routed-app-Aa11.js', `assets/${name}-Bb22.js`],
    stylesheets: [`assets/${name}-Cc33.css`],
    texts: { en: [`assets/${name}-en-Dd44.js`], zh: [`assets/${name}-zh-Ee55.js`] },
  });
  fs.writeFileSync(
    path.join(dist.dir, routePreloadsFile),
    JSON.stringify([
      preload('/admin/panel/users', 'users-page'),
      preload('/admin/panel/class/:id', 'class-details-page'),
      preload('/admin/panel/class/table', 'class-table-page'),
      preload('/admin/panel/reports/:key?', 'reports-page'),
      preload('/panel/*', 'not-found-page'),
    ]),
  );
  beforeAll(async () => {
    t = await createTestApp({ WEB_DIST: dist.dir, DEFAULT_LANGUAGE: 'zh' });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist.dir, { recursive: true, force: true });
  });

  const page = async (url: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['cache-control'], url).toBe('no-cache');
    expect(res.headers.vary, url).toBe('Accept-Encoding, Cookie');
    return res.body;
  };
  const linked = (body: string) =>
    [...body.matchAll(/<link rel="(\w+)" crossorigin href="\/([^"]+)">/g)].map((m) => `${m[1]} ${m[2]}`);

  it("links the page's code, styles and texts in the visitor's language, else the centre's", async () => {
    expect(linked(await page('/admin/panel/users?page=2', { cookie: 'tutoria_language=en' }))).toEqual([
      'stylesheet assets/users-page-Cc33.css',
      'modulepreload assets/routed-app-Aa11.js',
      'modulepreload assets/users-page-Bb22.js',
      'modulepreload assets/users-page-en-Dd44.js',
    ]);
    const byDefault = await page('/admin/panel/users');
    expect(byDefault).toContain('<div id="root"></div>');
    expect(linked(byDefault)).toContain('modulepreload assets/users-page-zh-Ee55.js');
    const compressed = await t.app.inject({
      method: 'GET',
      url: '/admin/panel/users',
      headers: { 'accept-encoding': 'br' },
    });
    expect(linked(decode('br', compressed.rawPayload))).toEqual(linked(byDefault));
  });

  it('matches as the router does: fixed segments first, parameters, optional ones, a splat, any case', async () => {
    expect(linked(await page('/admin/panel/class/table'))).toContain(
      'modulepreload assets/class-table-page-Bb22.js',
    );
    expect(linked(await page('/admin/panel/class/3f6c'))).toContain(
      'modulepreload assets/class-details-page-Bb22.js',
    );
    expect(linked(await page('/Admin/Panel/Users/'))).toContain('modulepreload assets/users-page-Bb22.js');
    expect(linked(await page('/admin/panel/reports'))).toContain('modulepreload assets/reports-page-Bb22.js');
    expect(linked(await page('/admin/panel/reports/abc'))).toContain(
      'modulepreload assets/reports-page-Bb22.js',
    );
    expect(linked(await page('/panel/anything/at/all'))).toContain(
      'modulepreload assets/not-found-page-Bb22.js',
    );
  });

  it('sends index.html as it is where no page fits', async () => {
    for (const url of ['/admin/panel/class/1/2', '/nowhere', '/admin/panel/userss']) {
      expect(linked(await page(url)), url).toEqual([]);
    }
  });
});
