import { describe, expect, it } from 'vitest';
import { allEndpoints } from '@tutoria/shared';
import { excludedReads, postCommands, readTables } from '../../test/reach/coverage.ts';

/**
 * The row test walks every read of the contract (issue 26): each GET, and each POST that changes
 * nothing, is in a table of test/reach/ or excluded there with its reason. A new read endpoint
 * fails here until someone says which rows each caller may see of it.
 */
const walked = Object.values(readTables).flatMap((entries) => entries.map((e) => e.endpoint.name));
const names = allEndpoints.map((e) => e.name);

describe('the role × area row test covers every read', () => {
  it('has every GET in a table or excluded', () => {
    const gets = allEndpoints.filter((e) => e.method === 'GET').map((e) => e.name);
    expect(gets.filter((n) => !walked.includes(n) && !(n in excludedReads))).toEqual([]);
  });

  it('has every POST in a table, excluded, or named a command; no list is a command', () => {
    const posts = allEndpoints.filter((e) => e.method === 'POST');
    expect(
      posts
        .map((e) => e.name)
        .filter((n) => !walked.includes(n) && !(n in excludedReads) && !postCommands.includes(n)),
    ).toEqual([]);
    expect(posts.filter((e) => e.listColumns && postCommands.includes(e.name)).map((e) => e.name)).toEqual(
      [],
    );
  });

  it('walks only reads that exist, each once, none both walked and excluded', () => {
    const reads = allEndpoints.filter((e) => e.method === 'GET' || e.method === 'POST').map((e) => e.name);
    expect(walked.filter((n) => !reads.includes(n))).toEqual([]);
    expect(Object.keys(excludedReads).filter((n) => !reads.includes(n))).toEqual([]);
    expect(postCommands.filter((n) => !names.includes(n))).toEqual([]);
    expect(walked.filter((n, i) => walked.indexOf(n) !== i)).toEqual([]);
    expect(walked.filter((n) => n in excludedReads || postCommands.includes(n))).toEqual([]);
  });
});
