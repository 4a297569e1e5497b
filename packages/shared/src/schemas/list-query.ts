import { z } from 'zod';
import { textInput } from './common.ts';

/** Default and limits of list paging (SPEC §9, DESIGN §4). */
export const DEFAULT_PAGE_INDEX = 1;
export const DEFAULT_PAGE_SIZE = 10;
export const APP_LIST_LIMIT = 12;
export const ALL_ROWS = -1;
export const MAX_PAGE_SIZE = 1000;
export const MAX_WHERE_GROUPS = 20;
export const MAX_CONDITIONS_PER_GROUP = 20;
export const MAX_OPERAND_LENGTH = 200;

export const comparisons = ['Equal', 'NotEqual', 'Contains'] as const;
export type Comparison = (typeof comparisons)[number];

export const whereCondition = z.strictObject({
  column: textInput().min(1).max(64),
  comparison: z.enum(comparisons),
  operand: z.union([textInput().max(MAX_OPERAND_LENGTH), z.number(), z.boolean(), z.null()]),
});
export type WhereCondition = z.infer<typeof whereCondition>;

export const listQuery = z.strictObject({
  page: z
    .strictObject({
      index: z.number().int().min(1).default(DEFAULT_PAGE_INDEX),
      size: z
        .number()
        .int()
        .refine((n) => n === ALL_ROWS || (n >= 1 && n <= MAX_PAGE_SIZE), {
          params: { messageKey: 'invalidValue' },
        })
        .default(DEFAULT_PAGE_SIZE),
    })
    .default({ index: DEFAULT_PAGE_INDEX, size: DEFAULT_PAGE_SIZE }),
  /** OR groups: conditions inside a group are OR-ed, groups are AND-ed. */
  where: z
    .array(z.array(whereCondition).min(1).max(MAX_CONDITIONS_PER_GROUP))
    .max(MAX_WHERE_GROUPS)
    .default([]),
  order: z
    .array(z.strictObject({ column: textInput().min(1).max(64), descending: z.boolean().default(false) }))
    .max(5)
    .default([]),
});
export type ListQuery = z.infer<typeof listQuery>;
export type ListQueryInput = z.input<typeof listQuery>;

/** The GET form some lists use (SPEC §7): index, size and a few named filters. */
const queryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true');

export const getListQuery = z.strictObject({
  index: z.coerce.number().int().min(1).default(DEFAULT_PAGE_INDEX),
  size: z.coerce
    .number()
    .int()
    .refine((n) => n === ALL_ROWS || (n >= 1 && n <= MAX_PAGE_SIZE), {
      params: { messageKey: 'invalidValue' },
    })
    .default(DEFAULT_PAGE_SIZE),
  isConfirmed: queryBoolean.optional(),
  studentName: textInput().max(MAX_OPERAND_LENGTH).optional(),
  classroomName: textInput().max(MAX_OPERAND_LENGTH).optional(),
  shouldOrderByDescending: queryBoolean.default(true),
});
export type GetListQuery = z.infer<typeof getListQuery>;

/** Page count = total divided by the limit, rounded up (SPEC §9). */
export function pageCount(totalCount: number, limit: number): number {
  return limit <= 0 ? 1 : Math.max(1, Math.ceil(totalCount / limit));
}

/**
 * A text search as the browser sends it: one OR group trying the original, first-capitalised and
 * lower-case forms (SPEC §9) on each of the given columns.
 */
export function textSearchGroup(columns: readonly string[], text: string): WhereCondition[] {
  const trimmed = text.trim();
  const forms = [
    ...new Set([trimmed, trimmed.charAt(0).toUpperCase() + trimmed.slice(1), trimmed.toLowerCase()]),
  ];
  return columns.flatMap((column) =>
    forms.map((operand) => ({ column, comparison: 'Contains' as const, operand })),
  );
}
