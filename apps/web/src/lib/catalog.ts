import {
  type BaseType,
  baseTypeLabels,
  baseTypes,
  baseType as baseTypeSchema,
  type Language,
  type Level,
  lessonTypeLabel,
  lessonTypes,
  level as levelSchema,
  levelLabels,
  levels,
} from '@tutoria/shared';
import { z } from 'zod';

/** Select options from the shared catalogue, labelled in the current language (SPEC §3). */
export const levelOptions = (language: Language) =>
  levels.map((value) => ({ value, label: levelLabels[value][language] }));
export const baseTypeOptions = (language: Language) =>
  baseTypes.map((value) => ({ value, label: baseTypeLabels[value][language] }));
export const lessonTypeOptions = (language: Language) =>
  lessonTypes.map((value) => ({ value, label: lessonTypeLabel(value, language) }));

export const levelLabel = (value: Level, language: Language) => levelLabels[value][language];
export const baseTypeLabel = (value: BaseType, language: Language) => baseTypeLabels[value][language];

/**
 * A select left empty says "{field} can not be empty" like any other required field, rather than
 * "is not valid" (an empty select holds `null`, which the shared enum reads as a wrong choice).
 */
function requiredChoice<T extends z.ZodType>(schema: T) {
  return z
    .union([schema, z.null()])
    .refine((value) => value !== null, { params: { messageKey: 'required' } });
}
export const requiredLevel = requiredChoice(levelSchema);
export const requiredBaseType = requiredChoice(baseTypeSchema);

/** Numbers are formatted by the one formatting module (issue #13). */
export { formatNumber } from './format';
