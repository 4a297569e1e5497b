import { errorCatalogue, errorCodes, type ErrorCode, type Language } from '@tutoria/shared';

/** The error catalogue in one language, so browser and server say the same (a start-up namespace). */
export function errorTexts(language: Language): Record<ErrorCode, string> {
  return Object.fromEntries(errorCodes.map((code) => [code, errorCatalogue[code][language]])) as Record<
    ErrorCode,
    string
  >;
}
