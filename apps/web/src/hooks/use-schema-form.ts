import { type FormErrors, useForm } from '@mantine/form';
import { useEffect, useEffectEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import { schemaValidator, toFormErrors } from '@/lib/form-errors';

interface SchemaFormOptions {
  /**
   * `uncontrolled` (the default) re-renders only on submit and errors; `controlled` re-renders
   * on every change, for forms whose layout or buttons follow the values as they are typed.
   */
  mode?: 'controlled' | 'uncontrolled';
}

/** Whether a field name is one of `fields` or lies under one (`lessons.0.lessonName` under `lessons`). */
const within = (field: string, fields: readonly string[]) =>
  fields.some((name) => field === name || field.startsWith(`${name}.`));

/**
 * A Mantine form checked by a shared Zod schema (DESIGN §5): its errors are SPEC §5's texts in
 * the current language, the same the server answers, and follow a language switch. Fields whose
 * values are not the request body's keep the body's names through `z.preprocess(toBody, schema)`.
 */
export function useSchemaForm<Values extends Record<string, unknown>>(
  schema: z.ZodType,
  initialValues: Values,
  options: SchemaFormOptions = {},
) {
  const { i18n } = useTranslation();
  const validate = schemaValidator(schema);
  const form = useForm<Values>({ mode: options.mode ?? 'uncontrolled', initialValues, validate });

  // A language switch re-words the errors the schema still finds; the others stay as shown.
  const reword = useEffectEvent(() => {
    const shown = Object.keys(form.errors);
    if (!shown.length) return;
    const found = validate(form.getValues());
    form.setErrors(Object.fromEntries(shown.map((field) => [field, found[field] ?? form.errors[field]])));
  });
  useEffect(() => reword(), [i18n.resolvedLanguage]);

  return {
    ...form,
    /**
     * A refused save (FAILED_VALIDATION and the like): the server's field errors go under their
     * fields. Says whether there were any; the snackbar already shows the message.
     */
    setServerErrors(error: unknown): boolean {
      if (!(error instanceof ApiError) || error.details.length === 0) return false;
      form.setErrors(toFormErrors(error.details));
      return true;
    },
    /**
     * Checks the whole form but shows only the errors of these fields (and the fields under
     * them), as one step of a form in steps does; returns those errors, none when they are valid.
     */
    validateFields(fields: readonly string[]): FormErrors {
      const found = validate(form.getValues());
      const mine = Object.fromEntries(Object.entries(found).filter(([field]) => within(field, fields)));
      const others = Object.fromEntries(
        Object.entries(form.errors).filter(([field]) => !within(field, fields)),
      );
      form.setErrors({ ...others, ...mine });
      return mine;
    },
  };
}

export type SchemaForm<Values extends Record<string, unknown>> = ReturnType<typeof useSchemaForm<Values>>;
