import fastJsonStringify from 'fast-json-stringify';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allEndpoints } from '@tutoria/shared';
import { fastJsonSchema, loadFastSerializer, responseSerializerCompiler } from './response-serializer.ts';

const route = (schema: z.ZodType) => ({ schema, method: 'GET', url: '/api/v1/test', httpPart: 'response' });

/** Every keyword left in a schema, wherever it is (property names excepted). */
function keywordsOf(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((item) => keywordsOf(item, found));
  else if (node && typeof node === 'object')
    for (const [key, value] of Object.entries(node)) {
      found.add(key);
      if (key === 'properties') Object.values(value as object).forEach((item) => keywordsOf(item, found));
      else keywordsOf(value, found);
    }
  return found;
}

describe('fastJsonSchema', () => {
  it('writes every contract answer without a choice left for Ajv, and each compiles', () => {
    for (const endpoint of allEndpoints) {
      const schema = fastJsonSchema(endpoint.response);
      const keywords = keywordsOf(schema);
      for (const choice of ['anyOf', 'oneOf', 'allOf', 'if', '$ref'])
        expect(keywords.has(choice), `${endpoint.name}: ${choice}`).toBe(false);
      expect(() => fastJsonStringify(schema), endpoint.name).not.toThrow();
    }
  });

  it('writes "this or null" as nullable, keeps properties named like keywords, drops unused checks', () => {
    const schema = z.object({
      when: z.int().min(0).nullable(),
      teacher: z.object({ id: z.uuid(), name: z.string().max(10) }).nullable(),
      format: z.string(),
      pattern: z.string().optional(),
    });
    expect(fastJsonSchema(schema)).toEqual({
      type: 'object',
      properties: {
        when: { type: 'integer', nullable: true },
        teacher: {
          type: 'object',
          properties: { id: { type: 'string' }, name: { type: 'string' } },
          required: ['id', 'name'],
          additionalProperties: false,
          nullable: true,
        },
        format: { type: 'string' },
        pattern: { type: 'string' },
      },
      required: ['when', 'teacher', 'format'],
      additionalProperties: false,
    });
  });
});

describe('responseSerializerCompiler', () => {
  const answer = z.object({
    isSuccess: z.literal(true),
    data: z.array(
      z.object({
        id: z.uuid(),
        name: z.string(),
        at: z.int().nullable(),
        tags: z.record(z.string(), z.number()),
      }),
    ),
    extra: z.looseObject({ kept: z.boolean() }),
  });
  const data = {
    isSuccess: true,
    data: [
      {
        id: '0f0e1a52-52a4-4d8f-9a51-0a4c0c3d7f10',
        name: 'Li "Wei" \\ 李',
        at: null,
        tags: { a: 1 },
        secret: 'x',
      },
      { id: '7a1f3c9e-6b2d-4e8a-b1c4-5d9e0f2a3b6c', name: '', at: 1_764_000_000, tags: {} },
    ],
    extra: { kept: true, also: [1, null] },
  };

  beforeAll(() => loadFastSerializer());

  it('writes what the checked serialisation writes, unknown properties dropped', () => {
    const expected = JSON.stringify(z.encode(answer, data as never));
    for (const mode of ['compare', 'check', 'none'] as const) {
      const written = responseSerializerCompiler(mode)(route(answer))(data);
      expect(JSON.parse(written)).toEqual(JSON.parse(expected));
      expect(written).not.toContain('secret');
    }
  });

  it('refuses a wrong answer when checking (a 500, as before); production writes it as it coerces', () => {
    const wrong = { ...data, data: [{ ...data.data[1]!, name: 42 }] };
    for (const mode of ['compare', 'check'] as const)
      expect(() => responseSerializerCompiler(mode)(route(answer))(wrong)).toThrow(
        expect.objectContaining({ code: 'FST_ERR_RESPONSE_SERIALIZATION', statusCode: 500 }),
      );
    expect(JSON.parse(responseSerializerCompiler('none')(route(answer))(wrong)).data[0].name).toBe('42');
  });

  it('refuses, when comparing (tests), an answer the two serialisations write differently', () => {
    // A codec encodes on the way out; fast-json-stringify writes the value as it is.
    const encoded = z.object({ n: z.codec(z.string(), z.number(), { decode: Number, encode: String }) });
    expect(() => responseSerializerCompiler('compare')(route(encoded))({ n: 5 })).toThrow(
      /fast-json-stringify wrote/,
    );
  });
});
