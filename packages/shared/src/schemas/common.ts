import { z } from 'zod';

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
