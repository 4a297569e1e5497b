/**
 * Escape closes only the innermost layer (issue 32). Mantine's Modal and Drawer each listen for
 * Escape on the window, before the key reaches anything inside them: with a date picker's calendar
 * or a select's list open in a dialog, or a dialog opened from a drawer, one Escape closed every
 * layer and lost what was typed. This listener, registered before any dialog's, sees the key first:
 * - inside an open dropdown (or on the field that opened it) it leaves the key to the dropdown,
 *   which closes itself, and hides it from the dialogs;
 * - with two dialogs open it closes the one holding focus (the top one: focus is trapped there) by
 *   its close button, and hides the key from the others.
 * The dialogs skip the events in `handledEscapes`: Mantine's own set for stacked modals
 * (`__handledEscapeEvents`), handed to every Modal and Drawer by the theme (app/providers.tsx).
 */
export const handledEscapes = new WeakSet<KeyboardEvent>();

const DIALOG = 'section[role="dialog"][aria-modal="true"]';
/** A field whose popup is open (Popover and Combobox targets say so), or a place inside the popup. */
const IN_DROPDOWN =
  '[aria-haspopup][aria-expanded="true"], [aria-haspopup][data-expanded], .mantine-Popover-dropdown, .mantine-Combobox-dropdown, .mantine-Menu-dropdown';
/** A typed date field (DateInput) whose calendar is open: it marks neither itself nor the calendar. */
const DATE_FIELD = '[data-dates-input]';
const OPEN_CALENDAR = '[data-dates-dropdown]';
const CLOSE_BUTTON = '.mantine-Modal-close, .mantine-Drawer-close';

/** The dialogs shown now: a closed one kept mounted (hidden) is no layer. */
export function openDialogs(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>(DIALOG)].filter((dialog) => dialog.checkVisibility());
}

function onKeyDown(event: KeyboardEvent): void {
  if (event.key !== 'Escape' || event.isComposing || !(event.target instanceof Element)) return;
  const calendarOpen = event.target.matches(DATE_FIELD) && document.querySelector(OPEN_CALENDAR) !== null;
  if (calendarOpen || event.target.closest(IN_DROPDOWN)) {
    handledEscapes.add(event);
    return;
  }
  const open = openDialogs();
  if (open.length < 2) return;
  const innermost = event.target.closest<HTMLElement>(DIALOG) ?? open[open.length - 1];
  handledEscapes.add(event);
  innermost?.querySelector<HTMLElement>(CLOSE_BUTTON)?.click();
}

/** Called once before the app renders, so it runs before every dialog's own Escape listener. */
export function installEscapeLayers(): void {
  window.addEventListener('keydown', onKeyDown, { capture: true });
}
