import { z } from 'zod';

export const health = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['pglite', 'postgres']),
  databaseAnswers: z.boolean(),
  time: z.number().int(),
});

/** What the browser needs before its first signed call (DESIGN §4: never a second hand-kept copy). */
export const clientConfig = z.object({
  appName: z.string(),
  applicationId: z.string(),
  applicationSecret: z.string(),
  defaultLanguage: z.enum(['en', 'zh']),
  timeZone: z.string(),
  /** The centre zone's offsets from 2015 to ten years ahead, so the browser needs no `Intl` for them (issue 9). */
  timeZoneOffsets: z.object({
    changes: z.array(z.tuple([z.number().int(), z.number().int()])),
    until: z.number().int(),
  }),
  currency: z.string(),
  /** Largest file an upload may carry (MAX_UPLOAD_MB), so the browser can refuse it before sending. */
  maxUploadBytes: z.number().int(),
  centre: z.object({
    name: z.string(),
    address: z.string(),
    phone: z.string(),
    email: z.string(),
    hours: z.string(),
  }),
});
export type ClientConfig = z.infer<typeof clientConfig>;
