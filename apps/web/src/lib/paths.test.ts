import { isAdminRole, roles } from '@tutoria/shared';
import { describe, expect, it } from 'vitest';
import { canOpen, homePath, signedInTarget } from './paths';

const user = (role: (typeof roles)[number]) => ({ role, isAdmin: isAdminRole(role) });

describe('where a sign-in lands (issue 27)', () => {
  it('sends each role to the page it works from, one it may open', () => {
    expect(Object.fromEntries(roles.map((role) => [role, homePath(user(role))]))).toEqual({
      Admin: '/admin/panel/dashboard',
      FinancialAdmin: '/admin/finance/deposit?state=waiting',
      SchedulingAdmin: '/admin/panel/adminSchedule',
      TeamLeader: '/admin/panel/dashboard',
      AcademicConsultant: '/admin/panel/users?role=Student',
      Teacher: '/admin/panel/my-day',
      AssistantTeacher: '/admin/panel/my-day',
      Student: '/panel/tasks',
    });
    for (const role of roles) expect(canOpen(user(role), homePath(user(role)))).toBe(true);
  });

  it('follows a redirect the user may open, else goes home', () => {
    expect(signedInTarget('/admin/panel/lessons', user('Teacher'))).toBe('/admin/panel/lessons');
    expect(signedInTarget('/admin/panel/lessons', user('Student'))).toBe('/panel/tasks');
    expect(signedInTarget('//evil.example', user('FinancialAdmin'))).toBe(
      '/admin/finance/deposit?state=waiting',
    );
    expect(signedInTarget(null, user('AcademicConsultant'))).toBe('/admin/panel/users?role=Student');
  });
});
