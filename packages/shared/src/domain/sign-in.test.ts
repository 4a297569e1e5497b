import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Language } from '../errors.ts';
import { messages } from '../messages.ts';
import { ruleMessages } from '../rule-messages.ts';
import { loginBody } from '../schemas/auth.ts';
import { zodErrorToFieldErrors } from '../validation.ts';
import { signInBody, signInErrors, type SignInValues } from './sign-in.ts';

/** What the shared schema says about these values, as the forms and the server word it. */
function schemaErrors(values: SignInValues, language: Language) {
  const result = loginBody.safeParse(values, { reportInput: true });
  return result.success ? [] : zodErrorToFieldErrors(result.error, language);
}

const text = fc.oneof(
  fc.string({ maxLength: 140 }),
  fc.constantFrom(
    '',
    ' ',
    '  \t ',
    'admin',
    ' admin ',
    'a\u0000b',
    ' \u0001 ',
    '\ud800',
    'x'.repeat(101),
    ` ${'x'.repeat(100)} `,
    'y'.repeat(129),
  ),
);

describe('the sign-in checks without Zod (issue 9)', () => {
  it.each([
    [{ userName: '', password: '' }],
    [{ userName: '   ', password: 'Demo@1234' }],
    [{ userName: ' \u0001 ', password: '\u0000' }],
    [{ userName: `\u0001${'x'.repeat(101)}`, password: 'y'.repeat(129) }],
  ])('say what loginBody says: %j', (values) => {
    for (const language of ['en', 'zh'] as const)
      expect(signInErrors(values, language)).toEqual(schemaErrors(values, language));
  });

  it('agree with loginBody on any values, in both languages, and send the body it parses', () => {
    fc.assert(
      fc.property(text, text, fc.constantFrom<Language>('en', 'zh'), (userName, password, language) => {
        const values = { userName, password };
        const errors = signInErrors(values, language);
        expect(errors).toEqual(schemaErrors(values, language));
        if (!errors.length) expect(signInBody(values)).toEqual(loginBody.parse(values));
      }),
      { numRuns: 500 },
    );
  });

  it('keep the rule texts inside the one message table', () => {
    for (const language of ['en', 'zh'] as const)
      expect(messages[language]).toMatchObject(ruleMessages[language]);
  });
});
