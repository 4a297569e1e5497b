import { describe, expect, it } from 'vitest';
import { allEndpoints, isCleanText, textInput, zodErrorToFieldErrors } from '@tutoria/shared';
import { stringFields } from '../../test/string-fields.ts';

describe('textInput (docs/decisions.md "Text input")', () => {
  it('takes any text, tab, line breaks and paired surrogates', () => {
    for (const ok of [
      '',
      'Plain',
      'a\tb\nc\r\nd',
      '中文 العربية',
      'emoji 😀',
      '\u00a0nbsp',
      'line\u2028sep',
    ]) {
      expect(isCleanText(ok), JSON.stringify(ok)).toBe(true);
    }
  });

  it('refuses NUL and the other control characters, and unpaired surrogates', () => {
    for (const bad of [
      '\u0000',
      'a\u0000b',
      '\u0001',
      '\u0008',
      '\u000b',
      '\u000c',
      '\u001b[31m',
      '\u007f',
      '\u0085',
      '\u009f',
      '\ud800',
      'x\udfff',
      '\ude00\ud83d',
      '😀'.slice(0, 1),
    ]) {
      expect(isCleanText(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('names the field in both languages', () => {
    const result = textInput().trim().min(1).safeParse('a\u0000', { reportInput: true });
    expect(result.success).toBe(false);
    const withPath = {
      ...result.error!,
      issues: result.error!.issues.map((i) => ({ ...i, path: ['fullName'] })),
    };
    expect(zodErrorToFieldErrors(withPath as never, 'en')).toEqual([
      { field: 'fullName', message: 'Full name contains characters that are not allowed.' },
    ]);
    expect(zodErrorToFieldErrors(withPath as never, 'zh')[0]!.message).toMatch(/包含不允许的字符/);
  });
});

describe('every string of every contract input', () => {
  const inputs = allEndpoints.flatMap((endpoint) =>
    (['query', 'body', 'params'] as const).flatMap((part) =>
      endpoint[part] ? stringFields(endpoint[part]).map((field) => ({ endpoint, part, ...field })) : [],
    ),
  );

  it('goes through textInput()', () => {
    expect(inputs.length).toBeGreaterThan(50);
    const unchecked = inputs
      .filter((i) => !i.checked)
      .map((i) => `${i.endpoint.name} ${i.part}.${i.path.join('.')}`);
    expect(unchecked).toEqual([]);
  });
});
