/**
 * Selects say `aria-expanded="true"` while their list is shown (issue 32). Mantine's combobox
 * target computes it from the list's id, which the list reports in an effect after it mounts, and
 * nothing draws the field again then: a Select (its list made only when opened) said "false" on
 * every first opening, and named a list of an earlier opening in `aria-controls` after that. The
 * field's `data-expanded` mark follows the open state itself; this observer copies it into the
 * ARIA attributes whenever either changes.
 */
const FIELD = '[role="combobox"][aria-haspopup="listbox"]';

function sync(field: Element): void {
  const open = field.hasAttribute('data-expanded');
  if (field.getAttribute('aria-expanded') !== String(open)) field.setAttribute('aria-expanded', String(open));
  // While a list is open it is the only one shown: each is made when it opens (theme.ts, Select).
  const listId = open
    ? [...document.querySelectorAll('[role="listbox"][id]')].find((list) => list.checkVisibility())?.id
    : undefined;
  if (listId && field.getAttribute('aria-controls') !== listId) field.setAttribute('aria-controls', listId);
  else if (!open && field.hasAttribute('aria-controls')) field.removeAttribute('aria-controls');
}

/** Called once before the app renders. */
export function installComboboxExpanded(): void {
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.target instanceof Element && record.target.matches(FIELD)) sync(record.target);
    }
  }).observe(document.documentElement, {
    subtree: true,
    attributes: true,
    attributeFilter: ['data-expanded', 'aria-expanded'],
  });
}
