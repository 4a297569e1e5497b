import type { z } from 'zod';
import { textInput } from './common.ts';
import { isCalendarDate } from './users.ts';

/** Periods of calendar days for the centre's reports (issue 29): exam scores, presence. */

/** A calendar day `YYYY-MM-DD` in the centre's time zone, from 2000 on. */
export const centreReportDay = textInput().refine((v) => isCalendarDate(v, '2000-01-01'), {
  params: { messageKey: 'invalidValue' },
});

const DAY_MS = 86_400_000;

/** `to` not before `from` and, when `maxDays` is given, the period at most that long (both ends counted). */
export const dayPeriodInOrder =
  (maxDays?: number) => (v: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) => {
    if (v.from === undefined || v.to === undefined) return;
    if (v.to < v.from) {
      ctx.addIssue({ code: 'custom', path: ['to'], params: { messageKey: 'endAfterStart' } });
      return;
    }
    const days = (Date.parse(`${v.to}T00:00:00Z`) - Date.parse(`${v.from}T00:00:00Z`)) / DAY_MS + 1;
    if (maxDays !== undefined && days > maxDays)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        params: { messageKey: 'rangeTooLong', values: { days: maxDays } },
      });
  };
