import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify';
import type FastJsonStringify from 'fast-json-stringify';
import { serializerCompiler as checkedSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serialize = (data: unknown) => string;
type JsonSchema = Record<string, unknown>;

/**
 * fast-json-stringify, loaded after start (with Ajv it costs about 0.2 s to load): until it is, an
 * answer is serialised the checked way, as before.
 */
let compileFast: typeof FastJsonStringify | undefined;
let loading: Promise<void> | undefined;

export function loadFastSerializer(): Promise<void> {
  loading ??= import('fast-json-stringify').then((module) => {
    compileFast = module.default;
  });
  return loading;
}

/** Keywords fast-json-stringify does not need to write JSON (it checks no string's shape; a missing value is an error, never a default, as with Zod). */
const UNUSED_KEYWORDS = new Set([
  '$schema',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'default',
]);

/**
 * A response schema as fast-json-stringify reads it: Zod's output schema (draft 7), with a
 * "this or null" choice written as `nullable` (a choice it would otherwise settle with Ajv on every
 * answer) and without the checks it does not use.
 */
export function fastJsonSchema(schema: z.ZodType): JsonSchema {
  return simplify(z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' }));
}

function simplify(node: unknown): JsonSchema {
  if (Array.isArray(node)) return node.map(simplify) as unknown as JsonSchema;
  if (!node || typeof node !== 'object') return node as JsonSchema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (UNUSED_KEYWORDS.has(key)) continue;
    // `properties` maps names to schemas; its keys are names, never keywords.
    out[key] = key === 'properties' ? mapValues(value as JsonSchema, simplify) : simplify(value);
  }
  const choices = out.anyOf as JsonSchema[] | undefined;
  const notNull = choices?.filter((choice) => choice.type !== 'null');
  if (choices?.length === 2 && notNull?.length === 1) {
    const { anyOf: _choices, ...rest } = out;
    return { ...notNull[0], ...rest, nullable: true };
  }
  return out;
}

function mapValues(record: JsonSchema, map: (value: unknown) => unknown): JsonSchema {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, map(value)]));
}

/**
 * How much an answer is checked before it leaves: `compare` (tests) checks it against its Zod schema
 * and requires both serialisations to say the same thing, so the whole test suite vouches for the
 * fast one; `check` (development) checks it against its Zod schema; `none` (production) only writes
 * it. A wrong answer that is checked is a 500, as before.
 */
export type AnswerCheck = 'compare' | 'check' | 'none';

/**
 * Answers are written by fast-json-stringify from the route's response schema, compiled on the
 * route's first answer (compiling every route at start would cost most of a second). In production
 * they are not checked: the handlers' types already are, and Zod's check cost more CPU than the
 * query on every page of rows (issue 9).
 */
export function responseSerializerCompiler(mode: AnswerCheck): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    const checked = checkedSerializerCompiler(route) as Serialize;
    let fast: Serialize | undefined;
    const fastOrNone = (): Serialize | undefined =>
      (fast ??= compileFast && (compileFast(fastJsonSchema(route.schema)) as Serialize));
    if (mode === 'none') return (data) => (fastOrNone() ?? checked)(data);
    return (data) => {
      const expected = checked(data);
      const serialize = fastOrNone();
      if (!serialize) return expected;
      const written = serialize(data);
      if (mode === 'compare' && !isDeepStrictEqual(JSON.parse(written), JSON.parse(expected)))
        throw new Error(
          `${route.method} ${route.url}: fast-json-stringify wrote ${written.slice(0, 500)}, the Zod schema ${expected.slice(0, 500)}`,
        );
      return written;
    };
  };
}
