import type { FieldError, Language } from '../errors.ts';
import { fillSlots, ruleMessages, type RuleMessageKey } from '../rule-messages.ts';
import { isCleanText } from './clean-text.ts';
import { PASSWORD_MAX_LENGTH } from './password.ts';

export const SIGN_IN_USER_NAME_MAX_LENGTH = 100;

/** The sign-in fields' names inside a text; part of the one label table (field-labels.ts spreads them in). */
export const signInFieldLabels = {
  userName: { en: 'User name', zh: '用户名' },
  password: { en: 'Password', zh: '密码' },
};

export interface SignInValues {
  userName: string;
  password: string;
}

/** The sign-in body as the server reads it: the user name trimmed (as `loginBody` does). */
export function signInBody(values: SignInValues): SignInValues {
  return { userName: values.userName.trim(), password: values.password };
}

/**
 * `loginBody`'s checks without Zod, for the sign-in page (issue 9: the first page loads no Zod):
 * the same field errors, in the same order and words, as the schema gives through
 * `zodErrorToFieldErrors` (sign-in.test.ts compares them). A rule changed in one changes in both.
 */
export function signInErrors(values: SignInValues, language: Language): FieldError[] {
  const errors: FieldError[] = [];
  const check = (field: keyof SignInValues, value: string, max: number) => {
    const say = (key: RuleMessageKey, slots: Record<string, string | number> = {}) =>
      errors.push({
        field,
        message: fillSlots(ruleMessages[language][key], {
          attribute: signInFieldLabels[field][language],
          ...slots,
        }),
      });
    if (!isCleanText(value)) say('textCharacters');
    const checked = field === 'userName' ? value.trim() : value;
    if (checked.length < 1) say('required');
    if (checked.length > max) say('maxLength', { max });
  };
  check('userName', values.userName, SIGN_IN_USER_NAME_MAX_LENGTH);
  check('password', values.password, PASSWORD_MAX_LENGTH);
  return errors;
}
