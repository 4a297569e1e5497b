import { type Language, languages } from '../errors.ts';

/**
 * The language of a parent's page (issue 27): the one the link carries (`?lang=`, chosen by staff
 * when they made it), else the browser's first English or Chinese (`Accept-Language` on the
 * server, `navigator.languages` in the browser), else none (the centre's default then). The server
 * sends the page's HTML and the browser draws it by this same rule, so they agree.
 */
export const parentLanguageParam = 'lang';

const isLanguage = (value: unknown): value is Language => (languages as readonly unknown[]).includes(value);

/** The first supported language of a browser's preferences: `navigator.languages` or an `Accept-Language` header. */
export function browserLanguage(
  preferences: string | readonly string[] | null | undefined,
): Language | undefined {
  const tags =
    typeof preferences === 'string'
      ? preferences
          .split(',')
          .map((part, at) => {
            const [tag = '', ...params] = part.trim().split(';');
            const q = Number(
              params
                .find((p) => p.trim().startsWith('q='))
                ?.trim()
                .slice(2) ?? 1,
            );
            return { tag, q: Number.isNaN(q) ? 0 : q, at };
          })
          .filter((p) => p.q > 0)
          .sort((a, b) => b.q - a.q || a.at - b.at)
          .map((p) => p.tag)
      : (preferences ?? []);
  for (const tag of tags) {
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return undefined;
}

/** The link's own language when its `?lang=` names one, else the browser's. */
export function parentPageLanguage(
  search: string | URLSearchParams,
  preferences: string | readonly string[] | null | undefined,
): Language | undefined {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const linked = params.get(parentLanguageParam);
  return isLanguage(linked) ? linked : browserLanguage(preferences);
}
