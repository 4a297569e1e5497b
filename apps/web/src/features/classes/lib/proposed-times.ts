import type { BookingConflict } from '@tutoria/shared';

/** A session time proposed while booking, keyed so it keeps its identity while it is moved. */
export interface ProposedTime {
  key: string;
  start: number;
  end: number;
}

export interface TimeCheck {
  /** Conflicts per proposal key, as the server named them. */
  conflicts: Record<string, BookingConflict[]>;
}

let counter = 0;
export const proposal = (start: number, end: number): ProposedTime => ({
  key: `p${++counter}-${start}`,
  start,
  end,
});

/** The proposed times in start order, as a booking call takes them. */
export const inOrder = (times: readonly ProposedTime[]) =>
  [...times].sort((a, b) => a.start - b.start).map(({ start, end }) => ({ start, end }));

/** The clashes of a time check, per proposal (the check answers in start order). */
export function conflictsOf(
  times: readonly ProposedTime[],
  result: { times: { conflicts: BookingConflict[] }[] },
): Record<string, BookingConflict[]> {
  const sorted = [...times].sort((a, b) => a.start - b.start);
  return Object.fromEntries(sorted.map((time, i) => [time.key, result.times[i]?.conflicts ?? []]));
}
