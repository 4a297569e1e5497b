import type { ErrorCode, MessageKey } from '@tutoria/shared';

/** A value that is itself text: message keys, localised with the rest and joined as a list. */
export interface MessageList {
  messages: MessageKey[];
}

/** A value that is itself a whole text with its own values, localised before it is put in. */
export interface NestedText {
  text: AppErrorText;
}

/** An amount of money, shown in the caller's language with the currency's minor units (issue 27). */
export interface MoneyValue {
  money: string;
  currency: string;
}

export interface AppErrorText {
  key: MessageKey;
  values?: Record<string, string | number | MessageList | NestedText | MoneyValue>;
}

export interface AppFieldError extends AppErrorText {
  field: string;
  /** The field's label when it differs from the field name. */
  attribute?: string;
}

/**
 * A typed failure from any layer. The error handler turns it into the catalogue's status and a
 * text in the caller's language: `text` overrides the catalogue's default, `fields` name the inputs.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly options: { text?: AppErrorText; fields?: AppFieldError[]; statusCode?: number } = {},
  ) {
    super(code);
    this.name = 'AppError';
  }
}

/** What the callers see for a record that does not exist or is outside their scope (DESIGN §6). */
export const notFound = () => new AppError('FETCH_DATA_FAILED');

export const duplicateField = (field: string) =>
  new AppError('FAILED_VALIDATION', { fields: [{ field, key: 'duplicate' }] });
