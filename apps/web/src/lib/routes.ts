import { generatePath, matchRoutes, type RouteObject } from 'react-router';
import { paths, type RouteKey, type TitledRouteKey } from './paths';

/** What a page route carries: the key of its title (`common:titles.<key>`). */
export interface RouteHandle {
  title: TitledRouteKey;
}

export function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'title' in handle;
}

/** The catch-all routes: a path that only they resolve has no page of its own. */
export const UNKNOWN_ROUTE_ID = 'unknown';
export const PANEL_UNKNOWN_ROUTE_ID = 'panel.unknown';

let registered: RouteObject[] = [];

/**
 * The router hands its routes over once at start-up, so the sidebar and the screens can ask what
 * is built without importing the router (which imports every page).
 */
export function registerRoutes(routes: RouteObject[]): void {
  registered = routes;
}

/** Whether a path leads to a registered page rather than to a not-found fallback. */
export function isRouteBuilt(path: string): boolean {
  const id = matchRoutes(registered, path)?.at(-1)?.route.id;
  return id !== undefined && id !== UNKNOWN_ROUTE_ID && id !== PANEL_UNKNOWN_ROUTE_ID;
}

/** A route's URL with its parameters filled in (kept beside the router's code, off the sign-in screen). */
export function href<K extends RouteKey>(
  key: K,
  params?: Parameters<typeof generatePath<(typeof paths)[K]['path']>>[1],
): string {
  return generatePath(paths[key].path, params);
}
