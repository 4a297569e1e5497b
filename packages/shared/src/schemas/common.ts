import { z } from 'zod';
import { isCleanText } from '../domain/clean-text.ts';

export { isCleanText } from '../domain/clean-text.ts';

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
