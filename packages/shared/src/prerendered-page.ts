// The sign-in page drawn at build time and filled in by the server (issue 9): what the web build
// (apps/web/build/prerender.ts) and the server (apps/server/src/plugins/sign-in-page.ts) agree on.

/**
 * The cookie the browser keeps the interface language in, beside its local storage: the server
 * reads it to send the sign-in page pre-rendered in that language. Nothing else reads it.
 */
export const languageCookie = 'tutoria_language';

/**
 * Stand-ins for the centre's name and the application's name, which only the running server knows:
 * the build leaves them in the page, the server puts the names in, HTML-escaped, when it starts.
 */
export const signInPageSlots = {
  centreName: '%TUTORIA_CENTRE_NAME%',
  appName: '%TUTORIA_APP_NAME%',
} as const;

/** Text made safe inside an HTML element or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
