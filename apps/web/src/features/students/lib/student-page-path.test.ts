import { isAdminRole, type Role } from '@tutoria/shared';
import { describe, expect, it } from 'vitest';
import { studentPagePath } from './student-page-path';

const ME = 'me';
const STUDENT = '00000000-0000-4000-8000-000000000008';
const viewer = (role: Role, publicKey = ME) => ({ role, publicKey, isAdmin: isAdminRole(role) });

describe("where a student's name leads (issue 31)", () => {
  it('takes staff to the admin page of a student in their reach', () => {
    for (const role of [
      'Admin',
      'FinancialAdmin',
      'SchedulingAdmin',
      'TeamLeader',
      'Teacher',
      'AssistantTeacher',
    ] as const) {
      expect(studentPagePath(viewer(role), { publicKey: STUDENT })).toBe(
        `/admin/panel/users/student/${STUDENT}`,
      );
    }
  });

  it("links a consultant to their own consultees only, where the place knows the student's consultant", () => {
    const consultant = viewer('AcademicConsultant');
    expect(studentPagePath(consultant, { publicKey: STUDENT })).toBe(`/admin/panel/users/student/${STUDENT}`);
    expect(studentPagePath(consultant, { publicKey: STUDENT, consultant: ME })).not.toBeNull();
    expect(studentPagePath(consultant, { publicKey: STUDENT, consultant: 'someone else' })).toBeNull();
    expect(studentPagePath(consultant, { publicKey: STUDENT, consultant: null })).toBeNull();
  });

  it('takes a student to their own page and nowhere else', () => {
    expect(studentPagePath(viewer('Student', STUDENT), { publicKey: STUDENT })).toBe('/panel/me');
    expect(studentPagePath(viewer('Student'), { publicKey: STUDENT })).toBeNull();
    expect(studentPagePath(null, { publicKey: STUDENT })).toBeNull();
  });
});
