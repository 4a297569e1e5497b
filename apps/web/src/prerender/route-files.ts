import type { RouteObject } from 'react-router';
import { lazyPageLoads } from '@/app/lazy-page';
import { load, routes } from '@/app/router';

/** A page route and what its layouts and its page load lazily, outermost first. */
export interface RouteLoads {
  /** The path as React Router matches it (`:id`, `:key?`, `*`). */
  path: string;
  /** Keys of router.tsx's `load`. */
  loads: string[];
  namespaces: string[];
}

/** The keys of router.tsx's `load`, one `import()` each. */
export const loadKeys = (): string[] => Object.keys(load);

/**
 * Every page route of the app's route table with the modules and texts it loads, for the build to
 * turn into the files the server names in the page it sends (issue 9: the browser fetches a page's
 * code as it reads the HTML, instead of after the router has started).
 */
export function routeLoads(): RouteLoads[] {
  const keyOf = new Map<unknown, string>(Object.entries(load).map(([key, loader]) => [loader, key]));
  const found: RouteLoads[] = [];
  const walk = (route: RouteObject, parentPath: string, loads: string[], namespaces: string[]) => {
    const path = !route.path
      ? parentPath
      : route.path.startsWith('/')
        ? route.path
        : `${parentPath.replace(/\/$/, '')}/${route.path}`;
    const lazy = lazyPageLoads(route.lazy);
    const key = lazy && keyOf.get(lazy.load);
    if (lazy && !key)
      throw new Error(`The route ${route.id ?? path} loads something that is not in router.tsx's load`);
    const ownLoads = key ? [...loads, key] : loads;
    const ownNamespaces = [...namespaces, ...(lazy?.namespaces ?? [])];
    if (route.children) {
      for (const child of route.children) walk(child, path, ownLoads, ownNamespaces);
    } else if (key && route.path) {
      found.push({ path, loads: ownLoads, namespaces: [...new Set(ownNamespaces)] });
    }
  };
  for (const route of routes) walk(route, '', [], []);
  return found;
}
