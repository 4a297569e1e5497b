import { sql } from 'drizzle-orm';
import { sessionsView } from '../scheduling/scheduling.module.ts';

/**
 * The sessions finance counts: the live ones (not cancelled) of scheduling's general sessions view,
 * with their booked `hours`, `held` and `financial_confirmation`.
 */
export const liveSessions = sql`(select * from ${sessionsView} fs where fs.live)`;
