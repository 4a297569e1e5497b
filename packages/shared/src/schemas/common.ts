import { z } from 'zod';

/**
 * Characters no text a client sends may hold: control characters other than tab, line feed and
 * carriage return (PostgreSQL refuses NUL outright; the others are never typed, only injected),
 * and UTF-16 halves without their pair, which are not text and have no UTF-8 form.
 */
const NOT_TEXT = /(?![\t\n\r])[\p{Cc}\p{Cs}]/u;
export const isCleanText = (value: string): boolean => !NOT_TEXT.test(value);

/**
 * The one string schema of every input (body, query, path) in the contract, list operands
 * included: such characters are refused with FAILED_VALIDATION on the field ("contains characters
 * that are not allowed"), never stripped, so what is stored is what was sent. Chain `.trim()`,
 * `.min()`, `.max()` and refinements on it as on `z.string()`.
 */
export const textInput = () => z.string().refine(isCleanText, { params: { messageKey: 'textCharacters' } });

/** Epoch seconds on the wire (DESIGN §4). */
export const epochSeconds = z.number().int().min(0).max(32503680000);

/** A user's publicKey or an entity id: random UUIDs, never sequential. */
export const publicKey = z.uuid();
export const entityId = z.uuid();

export const okResponse = z.object({ isSuccess: z.literal(true), message: z.string() });
export type OkResponse = z.infer<typeof okResponse>;

/** A list answer: the page's rows and the total count (SPEC §7). */
export function listResponse<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), totalCount: z.number().int() });
}
