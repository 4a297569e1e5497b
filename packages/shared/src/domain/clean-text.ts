/**
 * Characters no text a client sends may hold: control characters other than tab, line feed and
 * carriage return (PostgreSQL refuses NUL outright; the others are never typed, only injected),
 * and UTF-16 halves without their pair, which are not text and have no UTF-8 form.
 */
const NOT_TEXT = /(?![\t\n\r])[\p{Cc}\p{Cs}]/u;
export const isCleanText = (value: string): boolean => !NOT_TEXT.test(value);
