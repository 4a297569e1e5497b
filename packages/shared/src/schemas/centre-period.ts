import type { z } from 'zod';
import { textInput } from './common.ts';
import { isCalendarDate } from './users.ts';

/**
 * A centre report's period (issue 29: homework completion, teacher workload): `from` and `to` are
 * calendar days (YYYY-MM-DD, both included) in the centre's time zone, `to` not before `from`, the
 * period at most `maxDays` long.
 */
const reportDay = textInput().refine((v) => isCalendarDate(v, '2000-01-01'), {
  params: { messageKey: 'invalidValue' },
});

const DAY_MS = 86_400_000;

/** Days from `from` to `to`, both included. */
export const periodDays = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;

export const centrePeriodFields = { from: reportDay, to: reportDay };

export function centrePeriodCheck(maxDays: number) {
  return (v: { from: string; to: string }, ctx: z.RefinementCtx) => {
    if (v.to < v.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], params: { messageKey: 'endAfterStart' } });
      return;
    }
    if (periodDays(v.from, v.to) > maxDays)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        params: { messageKey: 'rangeTooLong', values: { days: maxDays } },
      });
  };
}
