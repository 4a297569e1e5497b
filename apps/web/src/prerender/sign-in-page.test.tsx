import { act } from '@testing-library/react';
import i18next from 'i18next';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { escapeHtml, signInPageSlots, type Language } from '@tutoria/shared';
import { AfterCommit, appTree } from '@/app/app-tree';
import { SignInScreen } from '@/app/sign-in-screen';
import { setClientConfig } from '@/lib/client-config';
import { testClientConfig } from '../../test/client-config';
import { renderSignInPage } from './sign-in-page';

const centreName = 'Harbour & Sons <Learning>';

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
});

describe('the sign-in page pre-rendered at build time (issue 9)', () => {
  it.each<[Language, string, string]>([
    ['en', 'Sign in', 'Welcome back'],
    ['zh', '登录', '欢迎回来'],
  ])('is drawn in %s with stand-ins for the names', async (language, title, heading) => {
    const page = await renderSignInPage(language);
    expect(page.title).toBe(`${title} · ${signInPageSlots.appName}`);
    expect(page.markup).toContain(heading);
    expect(page.markup).toContain(signInPageSlots.centreName);
  });

  it.each<Language>(['en', 'zh'])(
    'is taken over by the browser in %s as it was sent: same elements, no recoverable error',
    async (language) => {
      const { markup } = await renderSignInPage(language);
      const container = document.createElement('div');
      // As the server fills the names in (apps/server/src/plugins/sign-in-page.ts).
      container.innerHTML = markup.replaceAll(signInPageSlots.centreName, escapeHtml(centreName));
      document.body.append(container);
      const sentHeading = container.querySelector('h1:not([class*="aside"])');
      const sentInput = container.querySelector('input');

      await i18next.changeLanguage(language);
      await i18next.loadNamespaces(['auth']);
      setClientConfig(testClientConfig(centreName));
      const recoverable = vi.fn();
      const hydrated = vi.fn();
      // React reports an attribute that differs (an id, a class) on the console, not as an error.
      const consoleError = vi.spyOn(console, 'error');
      // As src/main.tsx hydrates it.
      const page = appTree(<SignInScreen openApp={() => undefined} prepareApp={() => undefined} />);
      await act(async () => {
        root = hydrateRoot(container, <AfterCommit run={hydrated}>{page}</AfterCommit>, {
          onRecoverableError: recoverable,
        });
      });

      expect(recoverable).not.toHaveBeenCalled();
      expect(consoleError).not.toHaveBeenCalled();
      expect(hydrated).toHaveBeenCalled();
      consoleError.mockRestore();
      expect(container.querySelector('h1:not([class*="aside"])')).toBe(sentHeading);
      expect(container.querySelector('input')).toBe(sentInput);
      expect(container.textContent).toContain(centreName);
    },
  );
});
