/** A class this short shows every session at once. */
const SHOWN_AT_ONCE = 12;
/** How many of the sessions before the next one stay in view. */
const EARLIER_SHOWN = 4;
/** How many sessions from the next one on are drawn at first, and how many more each time. */
export const LATER_PAGE = 20;

/**
 * Which of a class's sessions (in time order) the details page draws: all of a short class; else
 * from a few before the next session (or the start, once earlier ones are asked for) to a page of
 * upcoming ones, a page more for each time later ones were asked for. `end` is exclusive.
 */
export function sessionWindow(
  sessions: readonly { end: number }[],
  now: number,
  asked: { showEarlier: boolean; laterPages: number },
): { start: number; end: number; pageSize: number } {
  const all = { start: 0, end: sessions.length, pageSize: LATER_PAGE };
  if (sessions.length <= SHOWN_AT_ONCE) return all;
  const firstUpcoming = sessions.findIndex((s) => s.end > now);
  const next = firstUpcoming < 0 ? sessions.length : firstUpcoming;
  const start = asked.showEarlier ? 0 : Math.max(0, next - EARLIER_SHOWN);
  const end = Math.min(sessions.length, next + LATER_PAGE * (1 + asked.laterPages));
  return { start, end, pageSize: LATER_PAGE };
}
