import i18next, { type BackendModule, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { languageCookie, languages, type Language } from '@tutoria/shared';
import { allNamespaces, loadNamespace, startupNamespaces, type Namespace } from '@/locales/resources';
import { parentPageStartLanguage } from './parent-page-language';

const LANGUAGE_KEY = 'tutoria.language';

function isLanguage(value: string | null | undefined): value is Language {
  return (languages as readonly string[]).includes(value ?? '');
}

/** Reads each namespace from its own chunk when first needed (DESIGN §11). */
const lazyTexts: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    loadNamespace(language as Language, namespace).then(
      (texts) => callback(null, texts),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/**
 * English is the fallback; a language the user picked wins over the centre's default (SPEC §1, §9);
 * a parent's page has its own rule (parent-page-language.ts).
 * Only the start-up namespaces are loaded here, with those of the first screen when it is known
 * (they load side by side); each route loads its own (see `lazyPage`), and a language switch loads
 * every namespace loaded so far in the new language before it shows.
 */
export async function initI18n(
  centreDefault: Language,
  namespaces: 'all' | readonly Namespace[] = [],
): Promise<void> {
  const stored = localStorage.getItem(LANGUAGE_KEY);
  i18next.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  if (isLanguage(stored)) keepChoiceForServer(stored);
  await i18next
    .use(lazyTexts)
    .use(initReactI18next)
    .init({
      ns: namespaces === 'all' ? allNamespaces : [...startupNamespaces, ...namespaces],
      defaultNS: 'common',
      lng: parentPageStartLanguage(centreDefault) ?? (isLanguage(stored) ? stored : centreDefault),
      // English fills gaps, but Chinese has none (resources.ts checks both ways): without this,
      // i18next fetched every namespace a Chinese reader opened in English too.
      fallbackLng: { zh: [], default: ['en'] },
      supportedLngs: languages,
      interpolation: { escapeValue: false },
    });
}

/** Makes sure a route's namespaces are there in the current language before it renders. */
export async function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  if (namespaces.length) await i18next.loadNamespaces([...namespaces]);
}

/** The picked language in a cookie too: the server sends the sign-in page pre-rendered in it (issue 9). */
function keepChoiceForServer(language: Language): void {
  document.cookie = `${languageCookie}=${language}; path=/; max-age=31536000; samesite=lax`;
}

export async function setLanguage(language: Language): Promise<void> {
  localStorage.setItem(LANGUAGE_KEY, language);
  keepChoiceForServer(language);
  await i18next.changeLanguage(language);
}

/** The language shown; a component passes its own i18next (useTranslation), which a pre-rendered page sets. */
export function currentLanguage(texts: i18n = i18next): Language {
  const language = texts.resolvedLanguage ?? texts.language;
  return isLanguage(language) ? language : 'en';
}
