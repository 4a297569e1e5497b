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

/**
 * A button that shows progress (Mantine's `loading`) is disabled meanwhile, and the browser takes
 * focus from it to <body>: after "Give homework" or "Add exam" a keyboard user started again from
 * the top of the page. Focus goes back to that button when it is enabled again, if nothing else
 * took it in between; if the button is gone by then, to the page's content.
 */
export function installFocusKeeper(): void {
  let lastFocused: Element | null = null;
  let waiting: Element | null = null;
  document.addEventListener('focusin', (event) => {
    lastFocused = event.target instanceof Element ? event.target : null;
    waiting = null;
  });
  new MutationObserver((records) => {
    for (const { target } of records) {
      if (!(target instanceof HTMLElement)) continue;
      const disabled = target.hasAttribute('disabled');
      if (disabled && target === lastFocused) waiting = target;
      else if (!disabled && target === waiting) {
        waiting = null;
        if (focusIsLost()) target.focus();
      }
    }
    if (waiting && !waiting.isConnected) {
      waiting = null;
      if (focusIsLost()) focusPageContent();
    }
  }).observe(document.documentElement, { subtree: true, attributes: true, attributeFilter: ['disabled'] });
}
