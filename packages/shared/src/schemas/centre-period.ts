import type { z } from 'zod';
import { textInput } from './common.ts';
import { isCalendarDate } from './users.ts';

/**
 * A centre report's period (issue 29: roll call, exam scores, presence, homework completion, teacher
 * workload): calendar days (`YYYY-MM-DD`, both included) in the centre's time zone, `to` not before
 * `from`, the period at most so many days long.
 */

/** A calendar day from 2000 on. */
export const centreReportDay = textInput().refine((v) => isCalendarDate(v, '2000-01-01'), {
  params: { messageKey: 'invalidValue' },
});

export const centrePeriodFields = { from: centreReportDay, to: centreReportDay };

const DAY_MS = 86_400_000;

/** Days from `from` to `to`, both included. */
export const periodDays = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;

/** `to` not before `from` and, with `maxDays`, the period at most that long; an open end passes. */
export const dayPeriodInOrder =
  (maxDays?: number) => (v: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) => {
    if (v.from === undefined || v.to === undefined) return;
    if (v.to < v.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], params: { messageKey: 'endAfterStart' } });
      return;
    }
    if (maxDays !== undefined && periodDays(v.from, v.to) > maxDays)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        params: { messageKey: 'rangeTooLong', values: { days: maxDays } },
      });
  };
