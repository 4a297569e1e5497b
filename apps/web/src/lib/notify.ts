import { notifications } from '@mantine/notifications';
import classes from './notify.module.css';

/**
 * Snackbar rules (SPEC §8, §9): upper case, 5 s, multi-line past 60 characters. Shown at the top
 * centre, over the header's empty middle, not bottom right where it covered row actions (issue #13).
 * A multi-line text keeps its own case (issue 27): two or three lines of capitals ("THIS PERSON
 * OWNS RECORDS: …") are hard to read, and a long text is a sentence to read, not a label to spot.
 */
const SNACKBAR_MS = 5000;
const MULTI_LINE_AFTER = 60;

/** What the snackbar shows of a text: upper case when it fits one line, as written when longer. */
export function snackbarText(text: string): string {
  return text.length > MULTI_LINE_AFTER ? text : text.toLocaleUpperCase();
}

function show(text: string, color: 'red' | 'green'): void {
  notifications.show({
    message: snackbarText(text),
    color,
    autoClose: SNACKBAR_MS,
    position: 'top-center',
    withBorder: true,
    className: text.length > MULTI_LINE_AFTER ? classes.multiLine : classes.singleLine,
  });
}

export function notifyError(text: string): void {
  show(text, 'red');
}

export function notifySuccess(text: string): void {
  show(text, 'green');
}

/** A save's `onSuccess`: the server's message in the snackbar, then what follows (close the dialog…). */
export function savedThen(next: () => void) {
  return (result: { message: string }) => {
    notifySuccess(result.message);
    next();
  };
}
