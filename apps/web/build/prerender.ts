// After `vite build` and `vite build --ssr src/prerender/sign-in-page.tsx`: writes the sign-in page
// pre-rendered in each language into dist/prerendered/ (issue 9). The server fills in the centre's
// and the application's names and sends it for /auth/login, so the form shows before any script
// has run; the browser then hydrates it (src/main.tsx).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { escapeHtml, languages, type Language } from '@tutoria/shared';
import type * as RouteFiles from '../src/prerender/route-files';
import type { renderSignInPage as RenderSignInPage } from '../src/prerender/sign-in-page';
import { chunkOf, closure, readManifest } from './manifest';
import { writeRoutePreloads } from './route-preloads';

const web = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(web, 'dist');

const manifest = readManifest(dist);
const { renderSignInPage } = (await import(
  pathToFileURL(path.join(web, 'dist-ssr/sign-in-page.js')).href
)) as { renderSignInPage: typeof RenderSignInPage };
const routeFiles = (await import(
  pathToFileURL(path.join(web, 'dist-ssr/route-files.js')).href
)) as typeof RouteFiles;

const chunk = (key: string) => chunkOf(manifest, key);

/** The texts the sign-in screen loads in `language` (Chinese needs no English fallback: lib/i18n.ts). */
function textChunks(language: Language): string[] {
  return [
    'src/locales/error-texts.ts',
    `src/locales/${language}/common.json`,
    `src/locales/${language}/auth.json`,
  ];
}

const index = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
// What index.html loads already: the entry and its imports, and their stylesheets (Mantine's base
// styles), which only index.html links.
const loaded = closure(manifest, 'index.html');
const entryStylesheets = [...loaded].flatMap((key) => chunk(key).css ?? []);
if (!entryStylesheets.length) throw new Error("The build's entry has no stylesheet");
const linkOf = (file: string) => `<link rel="stylesheet" crossorigin href="/${file}">`;
for (const file of entryStylesheets) {
  if (!index.includes(linkOf(file))) throw new Error(`index.html does not link ${file} as expected`);
}

function inlineCss(file: string): string {
  const css = fs.readFileSync(path.join(dist, file), 'utf8');
  if (/<\/style/i.test(css)) throw new Error(`${file} cannot be put in a <style> element`);
  return css;
}
// What index.html loads already is left out.
const screen = [...closure(manifest, 'src/app/sign-in-screen.tsx')].filter((key) => !loaded.has(key));
const stylesheets = screen.flatMap((key) => chunk(key).css ?? []);

fs.mkdirSync(path.join(dist, 'prerendered'), { recursive: true });
for (const language of languages) {
  const { title, markup } = await renderSignInPage(language);
  const scripts = [...screen, ...textChunks(language)].map((key) => chunk(key).file);
  // The screen's styles are in the page, so the first paint waits for nothing but the page. The
  // disabled links (never fetched) tell the module loader those sheets are there, so it does not
  // fetch them again when the screen's code arrives. Its code and texts load beside the entry.
  const head = [
    ...stylesheets.map((file) => `<style>${inlineCss(file)}</style>`),
    ...stylesheets.map((file) => `<link rel="stylesheet" crossorigin href="/${file}" disabled>`),
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('\n    ');
  const page = entryStylesheets
    .reduce((html, file) => html.replace(linkOf(file), `<style>${inlineCss(file)}</style>`), index)
    .replace('<html lang="en">', `<html lang="${language}" data-mantine-color-scheme="light">`)
    .replace('<title></title>', `<title>${escapeHtml(title)}</title>`)
    .replace('</head>', `  ${head}\n  </head>`)
    .replace(
      '<div id="root"></div>',
      // Inert until the script has taken it over (src/main.tsx): an early click or Enter would
      // otherwise submit the bare form and reload the page, dropping what was typed.
      `<div id="root" data-prerendered="sign-in" data-language="${language}" inert>${markup}</div>`,
    );
  if (!page.includes('data-prerendered')) throw new Error('index.html has no empty <div id="root"> to fill');
  fs.writeFileSync(path.join(dist, 'prerendered', `sign-in.${language}.html`), page);
}
console.log(`Pre-rendered the sign-in page in ${languages.join(', ')} (dist/prerendered/).`);

const pages = writeRoutePreloads({
  web,
  dist,
  manifest,
  routes: routeFiles.routeLoads(),
  loadKeys: routeFiles.loadKeys(),
});
console.log(`Listed the files of ${pages} pages (dist/route-preloads.json).`);
