import { type FormErrors, useForm } from '@mantine/form';
import { useEffect, useEffectEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import { schemaValidator, toFormErrors } from '@/lib/form-errors';
import { savedThen } from '@/lib/notify';

/** A save call, as a TanStack mutation offers it; its answer carries the server's message. */
interface SaveCall<Body> {
  mutate: (
    body: Body,
    options: { onSuccess: (result: { message: string }) => void; onError: (error: Error) => void },
  ) => void;
}

interface SchemaFormOptions {
  /**
   * `uncontrolled` (the default) re-renders only on submit and errors; `controlled` re-renders
   * on every change, for forms whose layout or buttons follow the values as they are typed.
   */
  mode?: 'controlled' | 'uncontrolled';
}

/**
 * The shared schema of a request body, checking form values: `toBody` turns the values into the
 * body first, so the errors carry the body's field names (and texts) and `parse` gives the body.
 */
export function bodySchema<Values, Schema extends z.ZodType>(
  schema: Schema,
  toBody: (values: Values) => unknown,
) {
  return z.preprocess((values) => toBody(values as Values), schema);
}

/** The errors of these fields and of the fields under them (`lessons.0.lessonName` under `lessons`). */
export function errorsWithin(errors: FormErrors, fields: readonly string[]): FormErrors {
  return Object.fromEntries(
    Object.entries(errors).filter(([field]) =>
      fields.some((name) => field === name || field.startsWith(`${name}.`)),
    ),
  );
}

/**
 * A Mantine form checked by a shared Zod schema (DESIGN §5): its errors are SPEC §5's texts in
 * the current language, the same the server answers, and follow a language switch. A form whose
 * values are not the request body checks them through `bodySchema`; a submit sends
 * `schema.parse(values)`, the body as the server will read it.
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

  /**
   * A refused save: the server's field errors (FAILED_VALIDATION details) go under their fields
   * and its message to `errors.form`, which a form whose call is silent shows. Says whether there
   * were field errors. The next submit clears them all.
   */
  const setServerErrors = (error: unknown): boolean => {
    const details = error instanceof ApiError ? error.details : [];
    form.setErrors({
      ...toFormErrors(details),
      form: error instanceof Error ? error.message : String(error),
    });
    return details.length > 0;
  };

  return {
    ...form,
    /**
     * The usual submit: checked values become the body and are sent; a success shows the server's
     * message and goes on (`then`, e.g. close the dialog), a refusal shows under the fields.
     */
    onSave<Body>(call: SaveCall<Body>, toBody: (values: Values) => Body, then: () => void) {
      return form.onSubmit((values) =>
        call.mutate(toBody(values), { onSuccess: savedThen(then), onError: setServerErrors }),
      );
    },
    setServerErrors,
    /**
     * Checks the whole form but shows only the errors of these fields (and the fields under
     * them), as one step of a form in steps does; returns those errors, none when they are valid.
     * Other fields keep theirs; a failure message (`errors.form`) is over.
     */
    validateFields(fields: readonly string[]): FormErrors {
      const mine = errorsWithin(validate(form.getValues()), fields);
      const shown = errorsWithin(form.errors, fields);
      const others = Object.fromEntries(
        Object.entries(form.errors).filter(([field]) => field !== 'form' && !(field in shown)),
      );
      form.setErrors({ ...others, ...mine });
      return mine;
    },
  };
}

export type SchemaForm<Values extends Record<string, unknown>> = ReturnType<typeof useSchemaForm<Values>>;
