import { describe, expect, it } from 'vitest';
import { permissionsOf, roles } from '../permissions.ts';
import {
  editUserBody,
  isoDate,
  phoneNumber,
  registerUserBody,
  studentProfileInput,
  userName,
} from '../schemas/users.ts';
import { zodErrorToFieldErrors } from '../validation.ts';
import { assignableRoles, browserName, canManageUser, userScopeOf } from './users.ts';

const caller = (role: (typeof roles)[number], extra: string[] = []) => ({
  publicKey: 'me',
  role,
  permissions: permissionsOf(role, extra),
});

describe('user scope (DESIGN §6)', () => {
  it('scopes consultants, teachers, assistants and students; the other staff see everyone', () => {
    expect(roles.map((r) => [r, userScopeOf(r)])).toEqual([
      ['Admin', 'all'],
      ['FinancialAdmin', 'all'],
      ['SchedulingAdmin', 'all'],
      ['TeamLeader', 'all'],
      ['AcademicConsultant', 'consultant'],
      ['Teacher', 'classrooms'],
      ['AssistantTeacher', 'classrooms'],
      ['Student', 'self'],
    ]);
  });

  it('lets a consultant manage only their own students; only an Admin manages an Admin', () => {
    const mine = { publicKey: 's1', role: 'Student' as const, consultant: 'me' };
    const theirs = { publicKey: 's2', role: 'Student' as const, consultant: 'other' };
    const admin = { publicKey: 'a', role: 'Admin' as const, consultant: null };
    expect(canManageUser(caller('AcademicConsultant'), mine)).toBe(true);
    expect(canManageUser(caller('AcademicConsultant'), theirs)).toBe(false);
    expect(canManageUser(caller('Admin'), theirs)).toBe(true);
    expect(canManageUser(caller('Admin'), admin)).toBe(true);
    expect(canManageUser(caller('TeamLeader', ['users.manage']), theirs)).toBe(true);
    expect(canManageUser(caller('TeamLeader', ['users.manage']), admin)).toBe(false);
    expect(canManageUser(caller('TeamLeader'), theirs)).toBe(false);
    expect(canManageUser(caller('Teacher', ['users.manage']), mine)).toBe(false);
  });

  it('names the roles a caller may give', () => {
    expect(assignableRoles(caller('Admin'), roles)).toEqual([...roles]);
    expect(assignableRoles(caller('TeamLeader', ['users.manage']), roles)).not.toContain('Admin');
    expect(assignableRoles(caller('AcademicConsultant'), roles)).toEqual(['Student']);
    expect(assignableRoles(caller('Teacher'), roles)).toEqual([]);
  });
});

describe('user fields (SPEC §5)', () => {
  const errors = (
    schema: { safeParse(v: unknown): { success: boolean; error?: unknown } },
    value: unknown,
  ) => {
    const result = schema.safeParse(value);
    return result.success ? [] : zodErrorToFieldErrors(result.error as never, 'en').map((e) => e.message);
  };

  it('wants a country code on phone numbers and keeps only digits after the plus', () => {
    expect(phoneNumber.parse(' +86 138-0000 1111 ')).toBe('+8613800001111');
    expect(phoneNumber.parse('+44 (0)20 7946 0958'.replace('(0)', ''))).toBe('+442079460958');
    expect(errors(phoneNumber, '13800001111')).toEqual(['must start with country code']);
    expect(errors(phoneNumber, '+0123456789')).toEqual(['must start with country code']);
    expect(errors(phoneNumber, '+86')).toEqual(['must start with country code']);
  });

  it('checks user names: required, at least 3, letters, digits, dashes and underscores', () => {
    expect(errors(userName, '')).toEqual(['Body can not be empty.']);
    expect(errors(userName, 'ab')).toEqual(['Body must be at least 3 characters.']);
    expect(errors(userName, 'li.wei')).toEqual([
      'Body may only contain letters, numbers, dashes and underscores.',
    ]);
    expect(userName.parse(' li_wei-2 ')).toBe('li_wei-2');
  });

  it('accepts real calendar dates only', () => {
    expect(isoDate.safeParse('2008-02-29').success).toBe(true);
    for (const bad of ['2007-02-29', '2008-13-01', '08-01-01', '2008-1-1', '1800-01-01'])
      expect(isoDate.safeParse(bad).success).toBe(false);
  });

  it('keeps profile lists bounded and scores to one decimal', () => {
    expect(studentProfileInput.safeParse({ languageScores: { reading: 6.5, listening: 8 } }).success).toBe(
      true,
    );
    expect(studentProfileInput.safeParse({ languageScores: { reading: 6.55 } }).success).toBe(false);
    expect(studentProfileInput.safeParse({ targetMajors: Array(21).fill('x') }).success).toBe(false);
    expect(studentProfileInput.safeParse({ unknown: 1 }).success).toBe(false);
  });

  it('registers with a strong password and a matching confirmation; edits need only the key', () => {
    const base = { fullName: 'Li Wei', userName: 'liwei', password: 'Strong#2024', role: 'Student' };
    expect(registerUserBody.safeParse(base).success).toBe(true);
    expect(registerUserBody.safeParse({ ...base, confirmPassword: 'Other#2024' }).success).toBe(false);
    expect(registerUserBody.safeParse({ ...base, password: 'weak' }).success).toBe(false);
    expect(editUserBody.safeParse({ publicKey: '4b0f8c52-3c3e-4d5e-9f0a-0b6c4d1e2f3a' }).success).toBe(true);
  });
});

describe('browser names for the login history', () => {
  it('reads the common browsers and leaves the rest as Other', () => {
    expect(
      browserName(
        'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/126.0.0 Safari/537.36 Edg/126.0.1',
      ),
    ).toBe('Edge 126');
    expect(browserName('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe(
      'Firefox 128',
    );
    expect(
      browserName('Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1'),
    ).toBe('Safari 17');
    expect(
      browserName('Mozilla/5.0 (Linux; Android 14) Chrome/120.0 Mobile Safari/537.36 MicroMessenger/8.0.49'),
    ).toBe('WeChat 8');
    expect(browserName('curl/8.5.0')).toBe('Script');
    expect(browserName('Something')).toBe('Other');
    expect(browserName(null)).toBeNull();
  });
});
