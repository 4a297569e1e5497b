import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches } from 'react-router';
import { NavigationProgress } from '@/components/navigation-progress';
import { getClientConfig } from '@/lib/client-config';
import { isRouteHandle } from '@/lib/routes';

/** `<route title> · <app name>` (SPEC §2), following the language too. */
function useDocumentTitle(): void {
  const { t } = useTranslation();
  const matches = useMatches();
  const handle = matches.map((match) => match.handle).findLast(isRouteHandle);
  const title = handle ? t(`titles.${handle.title}`) : undefined;
  useEffect(() => {
    const { appName } = getClientConfig();
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title]);
}

/**
 * Every navigation scrolls smoothly to the top (SPEC §2). A page just loaded is at its top already:
 * scrolling it then only forced the browser to lay the whole page out inside React's commit, before
 * its first paint (≈ 200 ms of a phone's main thread on the users page, issue 9).
 */
function useScrollToTop(): void {
  const { pathname } = useLocation();
  const scrolledFor = useRef(pathname);
  useEffect(() => {
    if (scrolledFor.current === pathname) return;
    scrolledFor.current = pathname;
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname]);
}

export function RootLayout() {
  useDocumentTitle();
  useScrollToTop();
  return (
    <>
      <NavigationProgress />
      <Outlet />
    </>
  );
}
