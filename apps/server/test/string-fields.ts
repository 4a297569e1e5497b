import { randomUUID } from 'node:crypto';
import { isCleanText } from '@tutoria/shared';
import type { z } from 'zod';

/**
 * Reads the contract's Zod schemas (Zod 4's `_zod.def`) for the text-input tests: where the
 * strings are, whether each goes through `textInput()`, and a sample value to change one of them in.
 */
export type FieldPath = (string | number)[];

interface Def {
  type: string;
  checks?: { _zod: { def: { check: string; fn?: unknown; minimum?: number; value?: number } } }[];
  format?: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  innerType?: z.ZodType;
  in?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  values?: unknown[];
  entries?: Record<string, unknown>;
  getter?: () => z.ZodType;
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Formats whose own pattern admits only plain ASCII. */
const SAFE_FORMATS = new Set(['uuid', 'email']);
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

export interface StringField {
  path: FieldPath;
  /** Goes through `textInput()` (or is a format that admits only ASCII). */
  checked: boolean;
}

/** Every string inside a schema, in every branch of its unions, with its path as Zod reports it. */
export function stringFields(schema: z.ZodType, path: FieldPath = []): StringField[] {
  const def = defOf(schema);
  if (def.type === 'string') {
    const checked =
      SAFE_FORMATS.has(def.format ?? '') || (def.checks ?? []).some((c) => c._zod.def.fn === isCleanText);
    return [{ path, checked }];
  }
  if (def.type === 'object')
    return Object.entries(def.shape!).flatMap(([key, value]) => stringFields(value, [...path, key]));
  if (def.type === 'array') return stringFields(def.element!, [...path, 0]);
  if (def.type === 'union') {
    const seen = new Map<string, StringField>();
    for (const field of def.options!.flatMap((option) => stringFields(option, path))) {
      const key = field.path.join('.');
      seen.set(key, { path: field.path, checked: field.checked && (seen.get(key)?.checked ?? true) });
    }
    return [...seen.values()];
  }
  if (WRAPPERS.has(def.type)) return stringFields(def.innerType!, path);
  if (def.type === 'pipe') return stringFields(def.in!, path);
  if (def.type === 'intersection')
    return [...stringFields(def.left!, path), ...stringFields(def.right!, path)];
  if (def.type === 'lazy') return stringFields(def.getter!(), path);
  return [];
}

function bound(def: Def, check: string) {
  return def.checks?.find((c) => c._zod.def.check === check)?._zod.def;
}

/**
 * A value of the schema's input type with every optional part filled in (so each string in it is
 * reached): plain text for strings, the first enum value or union option, 1 or the minimum for numbers.
 */
export function sampleOf(schema: z.ZodType): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'string': {
      if (def.format === 'uuid') return randomUUID();
      if (def.format === 'email') return `sample-${randomUUID().slice(0, 8)}@example.com`;
      const min = bound(def, 'min_length')?.minimum ?? 0;
      return 'Sample'.padEnd(min, 'x');
    }
    case 'number': {
      const min = bound(def, 'greater_than')?.value;
      return min === undefined || min < 1 ? 1 : min;
    }
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'enum':
      return Object.values(def.entries!)[0];
    case 'literal':
      return def.values![0];
    case 'object':
      return Object.fromEntries(Object.entries(def.shape!).map(([key, value]) => [key, sampleOf(value)]));
    case 'array':
      return [sampleOf(def.element!)];
    case 'union':
      return sampleOf(def.options![0]!);
    case 'pipe':
      return sampleOf(def.in!);
    case 'intersection':
      return { ...(sampleOf(def.left!) as object), ...(sampleOf(def.right!) as object) };
    case 'lazy':
      return sampleOf(def.getter!());
    case 'record':
      return {};
    default:
      return WRAPPERS.has(def.type) ? sampleOf(def.innerType!) : undefined;
  }
}

/** A copy of `value` with the string at `path` replaced. */
export function withValueAt(value: unknown, path: FieldPath, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head!] = withValueAt(copy[head!], rest, replacement);
  return copy;
}
