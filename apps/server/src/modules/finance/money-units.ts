import { currencyDecimals, hasAtMostDecimals, type MessageKey } from '@tutoria/shared';
import { AppError } from '../../http/app-error.ts';

/** The decimals an amount of the currency has here: its minor units, at most the two stored. */
export const moneyPlaces = (currency: string): number => Math.min(currencyDecimals(currency), 2);

/**
 * Amounts typed in the centre's currency have at most its minor units (issue 27): a currency
 * without them (IRR) takes whole amounts. The schemas allow the two decimals the database keeps;
 * this narrows them to the currency, refused as a schema's rule is (FAILED_VALIDATION naming each
 * field, in the caller's language). `amounts`: field path → the amount typed there.
 */
export function checkMinorUnits(currency: string, amounts: Record<string, number | null | undefined>): void {
  const places = moneyPlaces(currency);
  if (places >= 2) return;
  const key: MessageKey = places === 0 ? 'moneyWhole' : 'moneyDecimals';
  const fields = Object.entries(amounts)
    .filter(([, amount]) => amount != null && !hasAtMostDecimals(amount, places))
    .map(([field]) => ({ field, key, values: { currency, places } }));
  if (fields.length) throw new AppError('FAILED_VALIDATION', { fields });
}
