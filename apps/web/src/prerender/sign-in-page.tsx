import i18next, { type i18n } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { languages, signInPageSlots, type Language } from '@tutoria/shared';
import { appTree } from '@/app/app-tree';
import { SignInScreen } from '@/app/sign-in-screen';
import { setClientConfig } from '@/lib/client-config';
import { loadNamespace } from '@/locales/resources';

/** The namespaces the sign-in screen shows, as the browser loads them for it (main.tsx). */
const NAMESPACES = ['common', 'errors', 'auth'] as const;

let texts: i18n | undefined;

/** Its own i18next, so drawing a page here never changes the language of a page beside it (tests). */
async function loadTexts(): Promise<i18n> {
  if (texts) return texts;
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const language of languages) {
    resources[language] = {};
    for (const namespace of NAMESPACES)
      resources[language][namespace] = await loadNamespace(language, namespace);
  }
  const instance = i18next.createInstance();
  await instance.init({
    resources,
    ns: [...NAMESPACES],
    defaultNS: 'common',
    fallbackLng: 'en',
    supportedLngs: languages,
    interpolation: { escapeValue: false },
  });
  texts = instance;
  return instance;
}

/**
 * The sign-in screen drawn to HTML in `language`, with the very tree the browser renders
 * (`appTree`), so the browser hydrates it rather than drawing it again (issue 9: the form shows
 * before any script has run). Its links and buttons do nothing until the script has taken over.
 */
export async function renderSignInPage(language: Language): Promise<{ title: string; markup: string }> {
  const t = (await loadTexts()).cloneInstance({ lng: language });
  // Only the two names show on this screen; no call is made from here.
  setClientConfig({
    appName: signInPageSlots.appName,
    applicationId: '',
    applicationSecret: '',
    defaultLanguage: language,
    timeZone: 'UTC',
    timeZoneOffsets: { changes: [], until: 0 },
    currency: '',
    maxUploadBytes: 0,
    centre: { name: signInPageSlots.centreName, address: '', phone: '', email: '', hours: '' },
  });
  // The provider adds no element, so the markup is the tree the browser renders with its own i18next.
  const markup = renderToString(
    <I18nextProvider i18n={t}>
      {appTree(<SignInScreen openApp={() => undefined} prepareApp={() => undefined} />)}
    </I18nextProvider>,
  );
  return { title: `${t.t('titles.authLogin')} · ${signInPageSlots.appName}`, markup };
}
