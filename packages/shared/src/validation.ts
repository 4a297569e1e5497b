import type { z } from 'zod';
import type { FieldError, Language } from './errors.ts';
import { formatMessage, type MessageKey } from './messages.ts';
import { fieldLabel } from './field-labels.ts';

/**
 * Turns Zod issues into field errors in the caller's language, using SPEC §5's texts.
 * Used by the server's error handler and by the browser's forms, so both say the same.
 * A schema can name its own text with `{ params: { messageKey } }` on a refinement.
 */
export function issueToFieldError(issue: z.core.$ZodIssue, language: Language): FieldError[] {
  const path = issue.path.map(String).join('.');
  const field = path || 'body';
  const attribute = fieldLabel(String(issue.path.at(-1) ?? 'body'), language);
  const say = (key: MessageKey, values: Record<string, string | number> = {}) =>
    formatMessage(language, key, { attribute, ...values });

  switch (issue.code) {
    case 'invalid_type':
    case 'invalid_value':
      // Parse with `reportInput: true` so a missing value can be told from a wrong one.
      return [{ field, message: isEmpty(issue.input) ? say('required') : say('invalidValue') }];
    case 'too_small':
      if (issue.origin === 'string') {
        return [{ field, message: Number(issue.minimum) <= 1 ? say('required') : say('minLength', { min: Number(issue.minimum) }) }];
      }
      if (issue.origin === 'array' || issue.origin === 'set') {
        return [{ field, message: say('required') }];
      }
      return [{ field, message: say('minValue', { min: Number(issue.minimum) }) }];
    case 'too_big':
      if (issue.origin === 'string') return [{ field, message: say('maxLength', { max: Number(issue.maximum) }) }];
      return [{ field, message: say('maxValue', { max: Number(issue.maximum) }) }];
    case 'invalid_format':
      // An empty field is "can not be empty" whatever its format (issue 27: an empty class
      // picker said "Class is not valid." beside "Payment method can not be empty.").
      if (isEmpty(issue.input)) return [{ field, message: say('required') }];
      if (issue.format === 'email') return [{ field, message: say('email') }];
      if (issue.format === 'url') return [{ field, message: say('url') }];
      return [{ field, message: say('invalidValue') }];
    case 'unrecognized_keys':
      return issue.keys.map((key) => ({
        field: path ? `${path}.${key}` : key,
        message: formatMessage(language, 'unknownField', { attribute: key }),
      }));
    case 'custom': {
      const params = (issue.params ?? {}) as { messageKey?: MessageKey; values?: Record<string, string | number> };
      if (params.messageKey) return [{ field, message: say(params.messageKey, params.values) }];
      return [{ field, message: say('invalidValue') }];
    }
    default:
      return [{ field, message: say('invalidValue') }];
  }
}

/** Nothing given: absent, null, blank, or a number input left empty (the forms send NaN). */
function isEmpty(input: unknown): boolean {
  return input === undefined || input === null || input === '' || Number.isNaN(input);
}

export function zodErrorToFieldErrors(error: z.ZodError, language: Language): FieldError[] {
  return error.issues.flatMap((issue) => issueToFieldError(issue, language));
}
