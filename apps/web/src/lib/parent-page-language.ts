import { type Language, parentPageLanguage } from '@tutoria/shared';

const PARENT = /^\/parent(?:\/|$)/i;

/**
 * A parent's page (`/parent/…`, issue 27) opens in the link's language (`?lang=`), else the
 * browser's (`navigator.languages`), else the centre's, as the server sends its HTML; the
 * language this browser saved for the app is left out, so staff who open a link see what the
 * parent sees. Undefined on every other page.
 */
export function parentPageStartLanguage(centreDefault: Language): Language | undefined {
  if (!PARENT.test(window.location.pathname)) return undefined;
  return parentPageLanguage(window.location.search, navigator.languages) ?? centreDefault;
}
