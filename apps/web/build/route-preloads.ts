// The files each page of the app loads, for the server to name in the page it sends (issue 9): the
// browser then fetches a page's code and texts as it reads the HTML, instead of after its entry,
// the start-up settings and the router, and the router's module loader adds no <link> of its own.
import fs from 'node:fs';
import path from 'node:path';
import { languages, routePreloadsFile, type Language, type RoutePreload } from '@tutoria/shared';
import type { RouteLoads } from '../src/prerender/route-files';
import { chunkOf, closure, type Manifest } from './manifest';

/** Signed-in pages call the API at once: the request signer, which loads with the first signed call (lib/api-client.ts). */
const SIGNED_IN_LAYOUTS = ['adminLayout', 'panelLayout'];

/** The signer's chunk: its own, or shared when a page also imports it statically (then named after it). */
function signerKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find(
    (candidate) => candidate === 'src/lib/signature.ts' || /^_signature-[\w-]+\.js$/.test(candidate),
  );
  if (!key) throw new Error("The request signer's chunk is not in the build's manifest");
  return key;
}

/** The texts loaded at start-up by main.tsx, before any route (lib/i18n.ts). */
const STARTUP_NAMESPACES = ['common', 'errors'];

/** The module a namespace's texts come from (locales/resources.ts `loadNamespace`). */
function textModule(language: Language, namespace: string): string {
  if (namespace === 'errors') return 'src/locales/error-texts.ts';
  if (namespace === 'messages') return 'src/locales/message-texts.ts';
  return `src/locales/${language}/${namespace}.json`;
}

/**
 * router.tsx's `load`, read from its source: each entry is `key: () => import('module')`. The
 * build stops if an entry is written otherwise, so no page silently goes without its links.
 */
function loadModules(web: string, manifest: Manifest, keys: readonly string[]): Map<string, string> {
  const source = fs.readFileSync(path.join(web, 'src/app/router.tsx'), 'utf8');
  const modules = new Map<string, string>();
  for (const [, key, specifier] of source.matchAll(/^ {2}(\w+): \(\) =>\s*import\('([^']+)'\)/gm)) {
    const base = specifier!.startsWith('@/')
      ? `src/${specifier!.slice(2)}`
      : path.posix.join('src/app', specifier!);
    const file = ['.tsx', '.ts'].map((ext) => base + ext).find((candidate) => candidate in manifest);
    if (!file) throw new Error(`router.tsx's load.${key} imports ${specifier}, which is not in the build`);
    modules.set(key!, file);
  }
  const missing = keys.filter((key) => !modules.has(key));
  if (missing.length) throw new Error(`router.tsx's load.${missing.join(', load.')} is not a plain import()`);
  return modules;
}

export function writeRoutePreloads(options: {
  web: string;
  dist: string;
  manifest: Manifest;
  routes: RouteLoads[];
  loadKeys: string[];
}): number {
  const { manifest } = options;
  const modules = loadModules(options.web, manifest, options.loadKeys);
  const signer = signerKey(manifest);
  // What index.html loads already is left out.
  const entry = closure(manifest, 'index.html');
  const codeOf = (roots: string[]) => {
    const keys = new Set<string>();
    for (const root of roots) closure(manifest, root, keys);
    const own = [...keys].filter((key) => !entry.has(key));
    return {
      scripts: own.map((key) => chunkOf(manifest, key).file),
      stylesheets: [...new Set(own.flatMap((key) => chunkOf(manifest, key).css ?? []))],
    };
  };
  const preloads: RoutePreload[] = options.routes.map((route) => {
    const namespaces = [...new Set([...STARTUP_NAMESPACES, ...route.namespaces])];
    const texts = Object.fromEntries(
      languages.map((language) => [
        language,
        codeOf(namespaces.map((namespace) => textModule(language, namespace))).scripts,
      ]),
    ) as Record<Language, string[]>;
    return {
      path: route.path,
      ...codeOf([
        'src/app/routed-app.tsx',
        ...route.loads.map((key) => modules.get(key)!),
        ...(route.loads.some((key) => SIGNED_IN_LAYOUTS.includes(key)) ? [signer] : []),
      ]),
      texts,
    };
  });
  fs.writeFileSync(path.join(options.dist, routePreloadsFile), `${JSON.stringify(preloads, null, 1)}\n`);
  return preloads.length;
}
