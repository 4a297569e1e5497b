import '@/styles/mantine';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { loginHref, paths } from '@/lib/paths';
import { AppProviders } from '@/app/providers';
import { createAppRouter } from '@/app/router';
import { StartupError } from '@/app/startup-error';
import { setSessionExpiredHandler } from '@/lib/api-client';
import { loadClientConfig } from '@/lib/client-config';
import { initI18n } from '@/lib/i18n';

/** An expired session reloads the sign-in page, which also drops everything cached in memory (SPEC §4). */
function goToLogin(): void {
  const { pathname, search } = window.location;
  if (pathname.startsWith(paths.auth.path)) return;
  window.location.replace(loginHref(pathname + search));
}

async function start(): Promise<void> {
  const root = createRoot(document.getElementById('root')!);
  const config = await loadClientConfig().catch((error: unknown) => {
    console.error(error);
    return null;
  });
  await initI18n(config?.defaultLanguage ?? 'en');
  if (!config) {
    root.render(
      <AppProviders>
        <StartupError />
      </AppProviders>,
    );
    return;
  }
  setSessionExpiredHandler(goToLogin);
  root.render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={createAppRouter()} />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
