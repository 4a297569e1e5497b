import '@/styles/mantine';
import { type ReactNode, startTransition } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { loginHref, paths } from '@/lib/paths';
import { AfterCommit, appTree } from '@/app/app-tree';
import { StartupError } from '@/app/startup-error';
import { setSessionExpiredHandler } from '@/lib/api-client';
import { getSignedInUser } from '@/lib/auth-storage';
import { loadClientConfig } from '@/lib/client-config';
import { installComboboxExpanded } from '@/lib/combobox-expanded';
import { installEscapeLayers } from '@/lib/escape-layers';
import { currentLanguage, initI18n } from '@/lib/i18n';
import { installFocusKeeper } from '@/lib/page-focus';

/** An expired session reloads the sign-in page, which also drops everything cached in memory (SPEC §4). */
function goToLogin(): void {
  const { pathname, search } = window.location;
  if (pathname.startsWith(paths.auth.path)) return;
  window.location.replace(loginHref(pathname + search));
}

/**
 * A visitor who is not signed in and opens `/auth/login` gets the sign-in screen without the router
 * (issue 9: the first page most people see stays light); every other page starts the routed app.
 */
function opensSignInScreen(): boolean {
  return !getSignedInUser() && window.location.pathname.replace(/\/+$/, '') === paths.authLogin.path;
}

const loadRoutedApp = () => import('@/app/routed-app');
const loadSignInScreen = () => import('@/app/sign-in-screen');

/**
 * The sign-in page the server sent drawn is inert until it works (build/prerender.ts): until React
 * has committed the page that takes it over or replaces it. Before, a typed word would be lost.
 */
const releaseSentPage = () => document.getElementById('root')?.removeAttribute('inert');

const pageTree = (page: ReactNode) => <AfterCommit run={releaseSentPage}>{appTree(page)}</AfterCommit>;

function show(root: Root, page: ReactNode): void {
  root.render(pageTree(page));
}

/**
 * The first render of the app is a transition: React renders it in slices with the browser free
 * to paint and answer in between, where a phone's main thread was blocked for the whole render
 * (issue 9). A sign-in screen stays until the app's first page is ready to replace it.
 */
async function startRoutedApp(root: Root): Promise<void> {
  const { routedApp } = await loadRoutedApp();
  const app = routedApp();
  startTransition(() => show(root, app));
}

/**
 * The server sends `/auth/login` pre-rendered in the language it expects (issue 9: the form shows
 * before any script runs). When the browser settles on that language too, React takes the markup
 * over (hydration) instead of drawing it again; otherwise the first commit replaces it.
 */
function sentPrerendered(container: HTMLElement): boolean {
  return container.dataset.prerendered === 'sign-in' && container.dataset.language === currentLanguage();
}

async function showSignInScreen(container: HTMLElement): Promise<void> {
  const { SignInScreen } = await loadSignInScreen();
  const openApp = (path: string, { replace = false } = {}) => {
    window.history[replace ? 'replaceState' : 'pushState'](null, '', path);
    void startRoutedApp(root);
  };
  const screen = <SignInScreen openApp={openApp} prepareApp={() => void loadRoutedApp()} />;
  const hydrate = sentPrerendered(container);
  const root = hydrate ? hydrateRoot(container, pageTree(screen)) : createRoot(container);
  if (!hydrate) show(root, screen);
}

async function start(): Promise<void> {
  const container = document.getElementById('root')!;
  const signInScreen = opensSignInScreen();
  // The first screen's code loads while the settings do (index.html preloads them), and its texts
  // with the start-up ones: fewer round trips before the first paint (issue 9).
  void (signInScreen ? loadSignInScreen() : loadRoutedApp());
  const config = await loadClientConfig().catch((error: unknown) => {
    console.error(error);
    return null;
  });
  await initI18n(config?.defaultLanguage ?? 'en', signInScreen ? ['auth'] : []);
  if (!config) {
    show(createRoot(container), <StartupError />);
    return;
  }
  // Never an empty <title> (WCAG 2.4.2) while the first page loads: the page's own title follows.
  if (!document.title) document.title = config.appName;
  setSessionExpiredHandler(goToLogin);
  await (signInScreen ? showSignInScreen(container) : startRoutedApp(createRoot(container)));
}

installEscapeLayers();
installComboboxExpanded();
installFocusKeeper();
void start();
