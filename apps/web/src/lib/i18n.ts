import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { languages, type Language } from '@tutoria/shared';
import { namespaces, resources } from '@/locales/resources';

const LANGUAGE_KEY = 'tutoria.language';

function isLanguage(value: string | null | undefined): value is Language {
  return (languages as readonly string[]).includes(value ?? '');
}

/** English is the fallback; a language the user picked wins over the centre's default (SPEC §1, §9). */
export async function initI18n(centreDefault: Language): Promise<void> {
  const stored = localStorage.getItem(LANGUAGE_KEY);
  i18next.on('languageChanged', (language) => {
    document.documentElement.lang = language;
  });
  await i18next.use(initReactI18next).init({
    resources,
    ns: namespaces,
    defaultNS: 'common',
    lng: isLanguage(stored) ? stored : centreDefault,
    fallbackLng: 'en',
    supportedLngs: languages,
    interpolation: { escapeValue: false },
  });
}

export async function setLanguage(language: Language): Promise<void> {
  localStorage.setItem(LANGUAGE_KEY, language);
  await i18next.changeLanguage(language);
}

export function currentLanguage(): Language {
  const language = i18next.resolvedLanguage ?? i18next.language;
  return isLanguage(language) ? language : 'en';
}
