import type { FormErrors } from '@mantine/form';
import { zodErrorToFieldErrors, type FieldError } from '@tutoria/shared';
import type { z } from 'zod';
import { currentLanguage } from './i18n';

/** Field errors (from a schema or the server's `details`) as a form shows them: the first per field. */
export function toFormErrors(errors: readonly FieldError[]): FormErrors {
  const result: FormErrors = {};
  for (const { field, message } of errors) result[field] ??= message;
  return result;
}

/** Checks form values with a shared schema, in the current language, so the texts match the server's. */
export function schemaValidator(schema: z.ZodType) {
  return (values: unknown): FormErrors => {
    const result = schema.safeParse(values, { reportInput: true });
    return result.success ? {} : toFormErrors(zodErrorToFieldErrors(result.error, currentLanguage()));
  };
}
