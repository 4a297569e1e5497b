import { describe, expect, it } from 'vitest';
import { allEndpoints } from './contract/index.ts';
import { can, isAdminRole, permissionNames, permissionsOf, rolePermissions, roles } from './permissions.ts';

describe('permission map (DESIGN §6)', () => {
  it('gives the Admin every permission', () => {
    expect([...permissionsOf('Admin')].sort()).toEqual([...permissionNames].sort());
  });

  it('names only known permissions for every role', () => {
    for (const role of roles) for (const p of rolePermissions[role]) expect(permissionNames).toContain(p);
  });

  it('keeps destroying classrooms and seeing deleted ones to the Admin', () => {
    for (const role of roles.filter((r) => r !== 'Admin')) {
      expect(can({ role }, 'classes.destroy')).toBe(false);
      expect(can({ role }, 'classes.readDeleted')).toBe(false);
    }
  });

  it('splits the two deposit confirmations between consultant and financial admin', () => {
    expect(can({ role: 'AcademicConsultant' }, 'deposits.confirmAsConsultant')).toBe(true);
    expect(can({ role: 'AcademicConsultant' }, 'deposits.confirmAsFinancialAdmin')).toBe(false);
    expect(can({ role: 'FinancialAdmin' }, 'deposits.confirmAsFinancialAdmin')).toBe(true);
    expect(can({ role: 'FinancialAdmin' }, 'deposits.confirmAsConsultant')).toBe(false);
  });

  it('adds a user’s extra permissions and ignores unknown names', () => {
    expect(can({ role: 'Teacher', extraPermissions: ['finance.read'] }, 'finance.read')).toBe(true);
    expect(permissionsOf('Student', ['no.such']).has('no.such' as never)).toBe(false);
  });

  it('treats every role but Student as staff', () => {
    expect(roles.filter(isAdminRole)).toEqual(roles.filter((r) => r !== 'Student'));
  });

  it('has unique endpoint names and canonical paths', () => {
    const names = allEndpoints.map((e) => e.name);
    expect(new Set(names).size).toBe(names.length);
    const spellings = allEndpoints.flatMap((e) => [
      `${e.method} ${e.path.toLowerCase()}`,
      ...(e.aliases ?? []).map((a) => (typeof a === 'string' ? `${e.method} ${a.toLowerCase()}` : `${a.method} ${a.path.toLowerCase()}`)),
    ]);
    expect(new Set(spellings).size).toBe(spellings.length);
  });
});
