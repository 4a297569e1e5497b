import '@/styles/mantine';
import { StrictMode, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { loginHref, paths } from '@/lib/paths';
import { AppProviders } from '@/app/providers';
import { StartupError } from '@/app/startup-error';
import { setSessionExpiredHandler } from '@/lib/api-client';
import { getSignedInUser } from '@/lib/auth-storage';
import { loadClientConfig } from '@/lib/client-config';
import { initI18n } from '@/lib/i18n';

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

function show(root: Root, page: ReactNode): void {
  root.render(
    <StrictMode>
      <AppProviders>{page}</AppProviders>
    </StrictMode>,
  );
}

async function startRoutedApp(root: Root): Promise<void> {
  const { RoutedApp } = await loadRoutedApp();
  show(root, <RoutedApp />);
}

async function showSignInScreen(root: Root): Promise<void> {
  const { SignInScreen } = await loadSignInScreen();
  const openApp = (path: string, { replace = false } = {}) => {
    window.history[replace ? 'replaceState' : 'pushState'](null, '', path);
    void startRoutedApp(root);
  };
  show(root, <SignInScreen openApp={openApp} prepareApp={() => void loadRoutedApp()} />);
}

async function start(): Promise<void> {
  const root = createRoot(document.getElementById('root')!);
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
    root.render(
      <AppProviders>
        <StartupError />
      </AppProviders>,
    );
    return;
  }
  setSessionExpiredHandler(goToLogin);
  await (signInScreen ? showSignInScreen(root) : startRoutedApp(root));
}

void start();
