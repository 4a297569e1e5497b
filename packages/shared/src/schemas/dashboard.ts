import { z } from 'zod';

const count = z.number().int().nonnegative();
/** A local calendar day in the centre's time zone, `YYYY-MM-DD`. */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * Today's sessions in the caller's reach by state: held (haveclass), to record (started, not
 * cancelled, not held yet), upcoming (not started yet) and cancelled.
 */
export const dashboardToday = z.object({
  date: day,
  held: count,
  toRecord: count,
  upcoming: count,
  cancelled: count,
});

/** One day of this week: hours held and hours booked (live sessions not held yet), two decimals. */
export const dashboardWeekDay = z.object({ date: day, heldHours: z.number(), bookedHours: z.number() });

/**
 * The dashboard (issue 29): the caller's day within their reach (a teacher: their classes; a
 * consultant: their consultees' classes; the other staff: every class). `students` is present for
 * those who may read users; `finance` only for those who read finance (their students' money).
 */
export const dashboard = z.object({
  today: dashboardToday,
  /** Monday to Sunday of the current week in the centre's time zone, every day present. */
  week: z.object({
    from: day,
    to: day,
    heldHours: z.number(),
    bookedHours: z.number(),
    days: z.array(dashboardWeekDay),
  }),
  /** Sessions the teacher confirmed that wait for the admin's confirmation. */
  waitingForAdmin: count,
  /** Sessions from today on, not cancelled, without financial confirmation (SPEC §3: shown as reserved). */
  reserved: count,
  students: z.object({ newThisMonth: count }).optional(),
  finance: z
    .object({
      /** `YYYY-MM`, the centre's current month. */
      month: z.string(),
      /** Cash of confirmed deposits posted this month, net of reversals (summed in SQL). */
      moneyIn: z.number(),
      /** Students owing in at least one class. */
      debtors: count,
    })
    .optional(),
});
export type Dashboard = z.infer<typeof dashboard>;
export type DashboardWeekDay = z.infer<typeof dashboardWeekDay>;
