import type { LightMyRequestResponse } from 'fastify';
import { type Endpoint, type Role, rolePermissions } from '@tutoria/shared';
import { type Fixture, type UserLabel, userLabels } from './model.ts';
import type { Reach } from './rules.ts';

/** What a single record out of reach answers: 404 FETCH_DATA_FAILED, as if it did not exist. */
export const ABSENT = '(absent: 404 FETCH_DATA_FAILED)';

/**
 * The callers: one per unscoped role, and each scoped role as the people the fixture's rules tell
 * apart — both consultants (C2's S4 sits only in the disabled class), both teachers (T2 teaches
 * the disabled class), the assistant, S1 (a group class) and S4 (whose only class is disabled).
 */
export const callers: readonly UserLabel[] = userLabels.filter((u) => u !== 'S2' && u !== 'S3');

export interface ReadCase {
  /** Names the case in a failure: the record asked for (`G`, `G1 S2`…). */
  name: string;
  input: { query?: unknown; body?: unknown; params?: unknown };
  /** The rows the caller may see, or [ABSENT]. */
  expected: (r: Reach) => string[];
}

export interface ReadEntry {
  endpoint: Endpoint;
  cases: (f: Fixture) => ReadCase[];
  /** The row labels of a 200 answer. */
  rows: (res: LightMyRequestResponse, f: Fixture) => string[];
  /**
   * A list about someone the caller may name but reaches no row of (another teacher's presence
   * report, a user's classes, the own plan of staff who have none): empty and 404 both show nothing.
   */
  emptyMeansAbsent?: boolean;
}

/** The same rule as contract.api.test.ts: pairs a role may not call at all are that test's. */
export const mayCall = (endpoint: Endpoint, role: Role) =>
  endpoint.access === 'signedIn' || (rolePermissions[role] as readonly string[]).includes(endpoint.access);

/** Rows when found: the record's own row and its parts; [ABSENT] when the caller does not reach it. */
export const foundOr = (reached: boolean, rows: () => string[] = () => []) =>
  reached ? ['found', ...rows()] : [ABSENT];

/** The body of a CSV export (UTF-8 with a BOM, CRLF lines), as header → value records. */
export function csvRecords(res: LightMyRequestResponse): Record<string, string>[] {
  const [header, ...lines] = res.rawPayload
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  const names = header!.split(',');
  return lines
    .filter(Boolean)
    .map((line) => Object.fromEntries(line.split(',').map((v, i) => [names[i]!, v])));
}

/** A list body asking for every row at once. */
export const everyRow = { page: { index: 1, size: 1000 } };
