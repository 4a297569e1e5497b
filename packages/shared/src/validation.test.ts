import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { changePasswordBody, loginBody } from './schemas/auth.ts';
import { createDepositBody } from './schemas/finance.ts';
import { createTransferBody } from './schemas/transfers.ts';
import { zodErrorToFieldErrors } from './validation.ts';

const errorsOf = (schema: z.ZodType, value: unknown, language: 'en' | 'zh' = 'en') => {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) throw new Error('expected failure');
  return zodErrorToFieldErrors(result.error, language);
};

describe('validation texts (SPEC §5)', () => {
  it('says a required field can not be empty, naming it', () => {
    expect(errorsOf(loginBody, { userName: '', password: 'x' })).toEqual([
      { field: 'userName', message: 'User name can not be empty.' },
    ]);
    expect(errorsOf(loginBody, { password: 'x' })[0]).toEqual({ field: 'userName', message: 'User name can not be empty.' });
  });

  it('speaks Chinese', () => {
    expect(errorsOf(loginBody, { userName: '', password: 'x' }, 'zh')[0]?.message).toBe('用户名不能为空。');
  });

  it('uses the password rule and the same-as-password text', () => {
    const errors = errorsOf(changePasswordBody, { oldPassword: 'x', newPassword: 'weak', confirmPassword: 'other' });
    expect(errors.map((e) => e.field)).toContain('newPassword');
    expect(errors.find((e) => e.field === 'newPassword')?.message).toMatch(/upper-case letter/);
    const mismatch = errorsOf(changePasswordBody, { oldPassword: 'x', newPassword: 'Good@1234', confirmPassword: 'Good@12345' });
    expect(mismatch).toEqual([{ field: 'confirmPassword', message: 'must be same as password.' }]);
  });

  it('tells a missing choice from a wrong one', () => {
    const schema = z.object({ role: z.enum(['Admin', 'Student']) });
    expect(errorsOf(schema, {})[0]?.message).toBe('Role can not be empty.');
    expect(errorsOf(schema, { role: '' })[0]?.message).toBe('Role can not be empty.');
    expect(errorsOf(schema, { role: 'Wizard' })[0]?.message).toBe('Role is not valid.');
    expect(errorsOf(loginBody, { userName: 42, password: 'x' })[0]?.message).toBe('User name is not valid.');
  });

  it('names unknown fields', () => {
    expect(errorsOf(loginBody, { userName: 'a', password: 'b', isAdmin: true })).toEqual([
      { field: 'isAdmin', message: 'isAdmin is not an accepted field.' },
    ]);
  });

  it('says when a text is too long', () => {
    expect(errorsOf(loginBody, { userName: 'a'.repeat(101), password: 'b' })[0]?.message).toBe(
      'User name may not be longer than 100 characters.',
    );
  });

  it('checks e-mail format with the spec text', () => {
    expect(errorsOf(z.object({ emailAddress: z.email() }), { emailAddress: 'nope' })[0]?.message).toBe(
      'Must be a valid email address.',
    );
  });

  it("gives every empty field of a form SPEC §5's one text, whatever its format (issue 27)", () => {
    // The deposit form sends what its empty pickers, number and date inputs hold: '' and NaN.
    const deposit = { classroomId: '', studentPublicKey: '', amount: Number.NaN, chargeAt: Number.NaN, paymentMethod: '' };
    expect(errorsOf(createDepositBody, deposit)).toEqual([
      { field: 'studentPublicKey', message: 'Student can not be empty.' },
      { field: 'classroomId', message: 'Class can not be empty.' },
      { field: 'amount', message: 'Amount can not be empty.' },
      { field: 'chargeAt', message: 'Payment date can not be empty.' },
      { field: 'paymentMethod', message: 'Payment method can not be empty.' },
    ]);
    expect(errorsOf(createDepositBody, deposit, 'zh').map((e) => e.message)).toEqual([
      '学生不能为空。',
      '班级不能为空。',
      '金额不能为空。',
      '付款日期不能为空。',
      '付款方式不能为空。',
    ]);
    const transfer = { studentPublicKey: '', sourceClassroomId: '', destinationClassroomId: '', amount: Number.NaN };
    expect(new Set(errorsOf(createTransferBody, transfer).map((e) => e.message.replace(/^.* can not/, '… can not')))).toEqual(
      new Set(['… can not be empty.']),
    );
    // A value that is there but wrong still says so.
    expect(errorsOf(z.object({ classroomId: z.uuid() }), { classroomId: 'abc' })[0]?.message).toBe('Class is not valid.');
  });
});
