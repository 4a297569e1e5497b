/** The signed-in shell's `<main>` (components/shell/dashboard-shell.tsx), focusable by script only. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * Puts focus on the page's content when the element that had it is gone (a dialog's trigger that
 * unmounted, a phone menu link): focus left on <body> sends a keyboard user back to the page's top
 * and a screen reader says nothing. The page's first heading if it has one, else its <main>.
 */
export function focusPageContent(): void {
  const main = document.getElementById(MAIN_CONTENT_ID) ?? document.querySelector('main');
  if (!main) return;
  const heading = main.querySelector<HTMLElement>('h1, h2');
  if (heading) {
    heading.tabIndex = -1;
    heading.focus({ preventScroll: false });
  } else main.focus();
}

/** Focus was dropped: nothing, or <body>, holds it. */
export function focusIsLost(): boolean {
  return document.activeElement === null || document.activeElement === document.body;
}
