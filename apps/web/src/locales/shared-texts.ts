import { errorCatalogue, errorCodes, messages, type ErrorCode, type Language } from '@tutoria/shared';

/** The shared validation texts and error catalogue in one language, so browser and server say the same. */
export function sharedTexts(language: Language) {
  const errors = Object.fromEntries(errorCodes.map((code) => [code, errorCatalogue[code][language]])) as Record<
    ErrorCode,
    string
  >;
  return { messages: messages[language], errors };
}
