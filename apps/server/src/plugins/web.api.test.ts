import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>\n');
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
