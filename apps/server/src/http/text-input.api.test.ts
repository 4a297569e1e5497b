import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, type Endpoint, isCleanText, type Role, rolePermissions, roles } from '@tutoria/shared';
import { buildUser, sessionFor } from '../../test/factories.ts';
import { type FieldPath, sampleOf, stringFields, withValueAt } from '../../test/string-fields.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Property test over the whole contract (docs/decisions.md "Text input"): every string field of
 * every entry, sent hostile text (NUL and other control characters, unpaired surrogates) or any
 * text at all by a role that may call it, never gets a 5xx; hostile text gets FAILED_VALIDATION
 * naming the field. Each field gets the probe's fixed cases and a few random ones per run. The
 * rest of the input is a sample filled in from the schema, so clean text reaches the services and
 * the database.
 */
let t: TestApp;
const tokens = new Map<Role, string>();
beforeAll(async () => {
  t = await createTestApp();
  for (const role of roles) tokens.set(role, await sessionFor(t.db, await buildUser(t.db, { role })));
});
afterAll(() => t.close());

const char = (from: number, to: number) =>
  fc.integer({ min: from, max: to }).map((c) => String.fromCharCode(c));
const control = fc.oneof(char(0, 0x1f), char(0x7f, 0x9f));
const loneSurrogate = char(0xd800, 0xdfff);
const anyCodePoint = fc.string({ unit: 'binary', minLength: 1, maxLength: 1 });

/** Text as a JSON body carries it, or as a URL does (where an unpaired surrogate can not travel). */
function texts(inUrl: boolean) {
  const bad = inUrl
    ? control.filter((c) => !isCleanText(c))
    : fc.oneof(
        control.filter((c) => !isCleanText(c)),
        loneSurrogate,
      );
  const unit = inUrl
    ? fc.oneof({ weight: 4, arbitrary: anyCodePoint }, control)
    : fc.oneof({ weight: 4, arbitrary: anyCodePoint }, control, loneSurrogate);
  const any = fc.string({ unit, maxLength: 12 });
  // A lone surrogate next to another can make a pair: hostile text must stay hostile once joined.
  const hostile = fc
    .tuple(any, bad, any)
    .map((parts) => parts.join(''))
    .filter((text) => !isCleanText(text));
  return { hostile, any };
}

const callerOf = (endpoint: Endpoint) =>
  endpoint.access === 'public'
    ? undefined
    : tokens.get(
        endpoint.access === 'signedIn'
          ? 'Admin'
          : roles.find((r) => (rolePermissions[r] as readonly string[]).includes(endpoint.access))!,
      );

type Part = 'query' | 'body' | 'params';
const valueAt = (value: unknown, path: FieldPath) =>
  path.reduce<unknown>(
    (v, key) =>
      v !== null && typeof v === 'object' ? (v as Record<string | number, unknown>)[key] : undefined,
    value,
  );

/** The sample input of an entry: a list asks for one page, filtered on its first text column. */
function sampleInput(endpoint: Endpoint): Partial<Record<Part, unknown>> {
  const input: Partial<Record<Part, unknown>> = {};
  for (const part of ['query', 'body', 'params'] as const)
    if (endpoint[part]) input[part] = sampleOf(endpoint[part]);
  if (endpoint.listColumns) {
    const column =
      Object.entries(endpoint.listColumns).find(([, c]) => c.type === 'text')?.[0] ?? 'createMoment';
    input.body = {
      page: { index: 1, size: 1 },
      where: [[{ column, comparison: 'Contains', operand: 'Sample' }]],
      order: [],
    };
  }
  return input;
}

const cases = allEndpoints.flatMap((endpoint) => {
  const input = sampleInput(endpoint);
  return (['query', 'body', 'params'] as const).flatMap((part) =>
    endpoint[part]
      ? stringFields(endpoint[part])
          .filter((field) => typeof valueAt(input[part], field.path) === 'string')
          .map((field) => ({ endpoint, part, path: field.path, input }))
      : [],
  );
});

describe('hostile text in every string input', () => {
  it('reaches every string field of the contract', () => {
    expect(cases.length).toBeGreaterThan(100);
  });

  it.each(cases.map((c) => [`${c.endpoint.name} ${c.part}.${c.path.join('.')}`, c] as const))(
    '%s',
    async (_name, { endpoint, part, path, input }) => {
      const field = path.join('.');
      const send = async (text: string) => {
        const res = await t.call(
          endpoint,
          { ...input, [part]: withValueAt(input[part], path, text) } as never,
          {
            token: callerOf(endpoint),
          },
        );
        expect(res.statusCode, `${JSON.stringify(text)} → ${res.body}`).toBeLessThan(500);
        return res;
      };
      const { hostile, any } = texts(part !== 'body');
      await fc.assert(
        fc.asyncProperty(hostile, async (text) => {
          const res = await send(text);
          expect(res.statusCode).toBe(400);
          expect(res.json().code).toBe('FAILED_VALIDATION');
          expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
        }),
        // The probe's cases first (NUL, a control character, an unpaired surrogate), then random ones.
        {
          numRuns: 3,
          examples: part === 'body' ? [['a\u0000b'], ['\u001b'], ['x\ud800']] : [['a\u0000b'], ['\u001b']],
        },
      );
      await fc.assert(
        fc.asyncProperty(any, async (text) => void (await send(text))),
        { numRuns: 3 },
      );
    },
  );
});
