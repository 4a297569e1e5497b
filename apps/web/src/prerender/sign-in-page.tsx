import i18next, { type i18n } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { languages, type Language } from '@tutoria/shared';
import { appTree } from '@/app/app-tree';
import { SignInScreen } from '@/app/sign-in-screen';
import { setClientConfig } from '@/lib/client-config';
import { loadNamespace } from '@/locales/resources';

/**
 * Stand-ins for the centre's name and the application's name, which the server knows only when it
 * runs: it puts them in, HTML-escaped, when it reads the pre-rendered page (apps/server web plugin).
 */
export const PRERENDER_SLOTS = {
  centreName: '%TUTORIA_CENTRE_NAME%',
  appName: '%TUTORIA_APP_NAME%',
} as const;

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
    appName: PRERENDER_SLOTS.appName,
    applicationId: '',
    applicationSecret: '',
    defaultLanguage: language,
    timeZone: 'UTC',
    currency: '',
    maxUploadBytes: 0,
    centre: { name: PRERENDER_SLOTS.centreName, address: '', phone: '', email: '', hours: '' },
  });
  // The provider adds no element, so the markup is the tree the browser renders with its own i18next.
  const markup = renderToString(
    <I18nextProvider i18n={t}>
      {appTree(<SignInScreen openApp={() => undefined} prepareApp={() => undefined} />)}
    </I18nextProvider>,
  );
  return { title: `${t.t('titles.authLogin')} · ${PRERENDER_SLOTS.appName}`, markup };
}
