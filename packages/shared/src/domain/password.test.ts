import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isStrongPassword } from './password.ts';

describe('isStrongPassword (SPEC §5)', () => {
  it.each([
    ['Demo@1234', true],
    ['Aa1#aaaa', true],
    ['aa1#aaaa', false],
    ['AA1#AAAA', false],
    ['Aa1!aaaa', false],
    ['Aa#aaaaa', false],
    ['Aa1#aaa', false],
    [`Aa1#${'a'.repeat(125)}`, false],
  ])('%s → %s', (password, expected) => {
    expect(isStrongPassword(password)).toBe(expected);
  });

  it('accepts any password that has every required kind and a valid length', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 4, maxLength: 100 }), (rest) => {
        expect(isStrongPassword(`Aa1$${rest}`)).toBe(rest.length + 4 <= 128);
      }),
    );
  });
});
