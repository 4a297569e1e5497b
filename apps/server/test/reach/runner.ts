import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildReachFixture, closeReachFixture } from './fixture.ts';
import { ABSENT, callers, mayCall, type ReadEntry } from './harness.ts';
import { type Fixture, roleOf } from './model.ts';
import { reachOf } from './rules.ts';

function outcome(res: LightMyRequestResponse, entry: ReadEntry, f: Fixture): string[] {
  if (res.statusCode === 404 && res.json().code === 'FETCH_DATA_FAILED') return [ABSENT];
  if (res.statusCode !== 200) return [`(answer ${res.statusCode} ${res.body.slice(0, 160)})`];
  return entry.rows(res, f);
}

const normalised = (rows: string[], entry: ReadEntry) => {
  const set = [...new Set(rows)].sort();
  return entry.emptyMeansAbsent && set.length === 1 && set[0] === ABSENT ? [] : set;
};

/**
 * One test per (entry, caller allowed to call it): every case called with the caller's token, the
 * rows compared with the rules' rows; the failure lists each case's extra and missing rows.
 */
export function describeReads(area: string, entries: readonly ReadEntry[]) {
  let f: Fixture | undefined;
  beforeAll(async () => {
    f = await buildReachFixture();
  }, 180_000);
  afterAll(() => closeReachFixture(f));

  describe.each(entries.map((e) => [e.endpoint.name, e] as const))(`${area}: %s`, (_name, entry) => {
    const allowed = callers.filter((c) => mayCall(entry.endpoint, roleOf[c]));
    it.each(allowed)('rows seen as %s', async (caller) => {
      const fixture = f!;
      const r = reachOf(fixture, caller);
      const mismatches: { case: string; extra: string[]; missing: string[] }[] = [];
      for (const c of entry.cases(fixture)) {
        const res = await fixture.t.call(entry.endpoint, c.input as never, {
          token: fixture.users[caller].token,
        });
        const got = normalised(outcome(res, entry, fixture), entry);
        const want = normalised(c.expected(r), entry);
        const extra = got.filter((x) => !want.includes(x));
        const missing = want.filter((x) => !got.includes(x));
        if (extra.length || missing.length) mismatches.push({ case: c.name, extra, missing });
      }
      const summary = mismatches.map(
        (m) => `${caller} on ${m.case}: extra [${m.extra.join(', ')}], missing [${m.missing.join(', ')}]`,
      );
      expect(mismatches, summary.join('; ')).toEqual([]);
    });
  });
}
