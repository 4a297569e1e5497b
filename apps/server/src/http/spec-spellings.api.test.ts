import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, type Endpoint, type HttpMethod, specCalls } from '@tutoria/shared';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * SPEC §7's calls against the contract and the server (DESIGN §3 "Paths"): every spelling the
 * spec gives is served under the spec's exact casing, listed in the OpenAPI document, and the
 * calls not built yet still answer ROUTE_NOT_FOUND — serving one without moving it to its entry in
 * `packages/shared/src/contract/spec-spellings.ts` fails here.
 */
let t: TestApp;
let openApi: { paths: Record<string, Record<string, Operation>> };
beforeAll(async () => {
  t = await createTestApp();
  openApi = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
});
afterAll(() => t.close());

interface Operation {
  operationId?: string;
  description?: string;
  summary?: string;
  tags?: string[];
  parameters?: unknown;
  requestBody?: unknown;
  responses?: unknown;
}

const byName = new Map(allEndpoints.map((e) => [e.name, e]));
const spellingsOf = (e: Endpoint) => [
  { method: e.method, path: e.path },
  ...(e.aliases ?? []).map((a) => (typeof a === 'string' ? { method: e.method, path: a } : a)),
];
/** The contract writes path parameters `:id`, the spec and OpenAPI `{id}`. */
const asOpenApi = (path: string) => path.replace(/:(\w+)/g, '{$1}');
const sameSpelling = (a: string, b: string) => asOpenApi(a).toLowerCase() === asOpenApi(b).toLowerCase();
/** A callable path: any value for a path parameter (the route answers before looking it up). */
const callable = (spelling: string) => spelling.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000');
const codeOf = (res: { body: string }) => {
  try {
    return (JSON.parse(res.body) as { code?: string }).code;
  } catch {
    return undefined;
  }
};

const named = specCalls.flatMap((c) => ('spelling' in c ? [c] : []));
const built = named.flatMap((c) => ('entry' in c ? [c] : []));
const unbuilt = named.flatMap((c) => ('notYetBuilt' in c ? [c] : []));

/** The method an entry serves a spelling with: the spec's when it gives one, else the contract's. */
const declared = (spelling: string, method: HttpMethod | undefined, entry: Endpoint) =>
  spellingsOf(entry).find((s) => sameSpelling(s.path, spelling) && (!method || s.method === method));

describe('the table of SPEC §7 calls', () => {
  it('names each spelling once, and every entry it names exists', () => {
    const keys = named.map((c) => `${c.method ?? ''} ${c.spelling.toLowerCase()}`);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
    const described = specCalls.flatMap((c) => ('described' in c ? [c.described] : []));
    expect(described.filter((d, i) => described.indexOf(d) !== i)).toEqual([]);
    const unknown = specCalls.flatMap((c) => ('entry' in c && !byName.has(c.entry) ? [c.entry] : []));
    expect(unknown).toEqual([]);
  });
});

describe.each(built.map((c) => [c.method ?? '', c.spelling, c.entry, c.method] as const))(
  '%s %s (%s)',
  (_label, spelling, entryName, specMethod) => {
    const entry = byName.get(entryName)!;

    it('is a spelling of its entry in the contract, with the spec’s method', () => {
      expect(declared(spelling, specMethod, entry), `${entryName} declares ${specMethod ?? ''} ${spelling}`).toBeDefined();
    });

    it('is served under the spec’s exact casing', async () => {
      const method = declared(spelling, specMethod, entry)?.method ?? entry.method;
      const res = await t.call(entry, {}, { path: callable(spelling), method });
      expect(codeOf(res), `${method} ${spelling} answered ${res.statusCode}`).not.toBe('ROUTE_NOT_FOUND');
    });

    it('is in the OpenAPI document, as the spec spells it', () => {
      const method = (declared(spelling, specMethod, entry)?.method ?? entry.method).toLowerCase();
      expect(openApi.paths[`/api/v1/${spelling}`]?.[method]?.summary, `/api/v1/${spelling}`).toBe(entry.summary);
    });
  },
);

describe.each(unbuilt.map((c) => [c.method ?? '', c.spelling, c.notYetBuilt] as const))(
  '%s %s, not built yet (issue %s)',
  (method, spelling) => {
    it('is no spelling of any contract entry', () => {
      const owners = allEndpoints.filter((e) => spellingsOf(e).some((s) => sameSpelling(s.path, spelling)));
      expect(owners.map((e) => e.name), 'built: move it to its entry in spec-spellings.ts').toEqual([]);
    });

    it('answers ROUTE_NOT_FOUND', async () => {
      const res = await t.app.inject({ method: method as 'GET', url: `/api/v1/${callable(spelling)}` });
      expect(res.statusCode).toBe(404);
      expect(codeOf(res)).toBe('ROUTE_NOT_FOUND');
    });
  },
);

describe('the OpenAPI document lists every alias as the same operation', () => {
  const operation = (method: string, path: string) => openApi.paths[`/api/v1/${asOpenApi(path)}`]?.[method.toLowerCase()];

  it.each(allEndpoints.filter((e) => e.aliases?.length).map((e) => [e.name, e] as const))('%s', (_name, entry) => {
    const canonical = operation(entry.method, entry.path);
    expect(canonical).toMatchObject({ operationId: entry.name, summary: entry.summary });
    const { operationId: _id, ...same } = canonical!;
    (entry.aliases ?? []).forEach((alias, i) => {
      const spelling = typeof alias === 'string' ? { method: entry.method, path: alias } : alias;
      expect(operation(spelling.method, spelling.path), `${spelling.method} ${spelling.path}`).toEqual({
        ...same,
        operationId: `${entry.name}__alias_${i + 1}`,
        description: `Same operation as ${entry.method} /api/v1/${asOpenApi(entry.path)}.`,
      });
    });
  });
});
