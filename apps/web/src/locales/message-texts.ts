import { messages, type Language } from '@tutoria/shared';

/** The shared validation and answer texts in one language; loaded with the signed-in pages (issue 9). */
export function messageTexts(language: Language) {
  return messages[language];
}
