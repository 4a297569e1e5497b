import { useForm } from '@mantine/form';
import { useEffect, useEffectEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { schemaValidator } from '@/lib/form-errors';

/** A Mantine form validated by a shared Zod schema; shown errors follow a language switch. */
export function useSchemaForm<Values extends Record<string, unknown>>(
  schema: z.ZodType,
  initialValues: Values,
) {
  const { i18n } = useTranslation();
  const form = useForm<Values>({ mode: 'uncontrolled', initialValues, validate: schemaValidator(schema) });
  const revalidate = useEffectEvent(() => {
    if (Object.keys(form.errors).length > 0) form.validate();
  });
  useEffect(() => {
    revalidate();
  }, [i18n.resolvedLanguage]);
  return form;
}
