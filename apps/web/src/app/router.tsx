import { createBrowserRouter, matchRoutes, redirect, type RouteObject } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { panelHome, requireAdmin, requireGuest, requireSignedIn } from './guards';
import { lazyPage } from './lazy-page';
import { paths, type TitledRouteKey } from './paths';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './route-error-page';

export interface RouteHandle {
  title: TitledRouteKey;
}

const UNKNOWN_ROUTE_ID = 'unknown';
const PANEL_UNKNOWN_ROUTE_ID = 'panel.unknown';

/** A titled page route: its id is the route name of SPEC §2, its page comes from its own chunk. */
function page(key: TitledRouteKey, lazy: RouteObject['lazy'], loader?: RouteObject['loader']): RouteObject {
  return { id: paths[key].name, path: paths[key].path, handle: { title: key } satisfies RouteHandle, lazy, loader };
}

const notFoundPage = lazyPage(() => import('@/features/errors/pages/not-found-page'), (m) => m.NotFoundPage);
const panelSectionPage = lazyPage(
  () => import('@/features/panel/pages/panel-section-page'),
  (m) => m.PanelSectionPage,
);
const accountPage = lazyPage(() => import('@/features/auth/pages/account-page'), (m) => m.AccountPage);

/**
 * All routes (SPEC §2). Admin and finance areas are registered here as they are built; the sidebar
 * shows an entry only once its path resolves to a registered page.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: PageLoader,
    children: [
      {
        id: 'public',
        lazy: lazyPage(() => import('./layouts/public-layout'), (m) => m.PublicLayout),
        children: [
          page('landing', lazyPage(() => import('@/features/public/pages/landing-page'), (m) => m.LandingPage)),
          page('contact', lazyPage(() => import('@/features/public/pages/contact-page'), (m) => m.ContactPage)),
          page('notFound', notFoundPage),
        ],
      },
      {
        id: paths.auth.name,
        path: paths.auth.path,
        loader: requireGuest,
        lazy: lazyPage(() => import('./layouts/auth-layout'), (m) => m.AuthLayout),
        children: [
          { index: true, loader: () => redirect(paths.authLogin.path) },
          page('authLogin', lazyPage(() => import('@/features/auth/pages/login-page'), (m) => m.LoginPage)),
        ],
      },
      {
        id: paths.panel.name,
        path: paths.panel.path,
        loader: requireSignedIn,
        lazy: lazyPage(() => import('./layouts/panel-layout'), (m) => m.PanelLayout),
        children: [
          { index: true, loader: panelHome },
          page('reportTasks', panelSectionPage),
          page('panelClasses', panelSectionPage),
          page('panelProgressStage', panelSectionPage),
          page('panelUpcoming', panelSectionPage),
          page('panelNotifications', panelSectionPage),
          page('panelAccount', accountPage),
          { id: PANEL_UNKNOWN_ROUTE_ID, path: `${paths.panel.path}/*`, handle: { title: 'notFound' }, lazy: notFoundPage },
        ],
      },
      {
        id: paths.admin.name,
        path: paths.admin.path,
        loader: requireAdmin,
        lazy: lazyPage(() => import('./layouts/admin-layout'), (m) => m.AdminLayout),
        children: [
          { index: true, loader: () => redirect(paths.adminUsers.path) },
          { id: paths.adminPanel.name, path: paths.adminPanel.path, loader: () => redirect(paths.adminUsers.path) },
          page('adminUsers', lazyPage(() => import('@/features/users/pages/users-page'), (m) => m.UsersPage)),
          page('adminAccount', accountPage),
        ],
      },
      { id: UNKNOWN_ROUTE_ID, path: '*', loader: () => redirect(paths.notFound.path) },
    ],
  },
];

/** Whether a path leads to a registered page rather than to a not-found fallback. */
export function isRouteBuilt(path: string): boolean {
  const id = matchRoutes(routes, path)?.at(-1)?.route.id;
  return id !== undefined && id !== UNKNOWN_ROUTE_ID && id !== PANEL_UNKNOWN_ROUTE_ID;
}

export function createAppRouter() {
  return createBrowserRouter(routes);
}
