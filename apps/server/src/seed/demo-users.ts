import type { Role } from '@tutoria/shared';

export const DEMO_PASSWORD = 'Demo@1234';

/** One user per role (DESIGN §9); the student's consultant is the demo consultant. */
export const demoUsers: {
  userName: string;
  fullName: string;
  nickName: string;
  role: Role;
  phoneNumber: string;
  emailAddress: string;
}[] = [
  { userName: 'admin', fullName: 'Grace Chen', nickName: 'Grace', role: 'Admin', phoneNumber: '+8613800000001', emailAddress: 'admin@tutoria.example' },
  { userName: 'finance', fullName: 'Daniel Wu', nickName: 'Dan', role: 'FinancialAdmin', phoneNumber: '+8613800000002', emailAddress: 'finance@tutoria.example' },
  { userName: 'scheduler', fullName: 'Mia Zhang', nickName: 'Mia', role: 'SchedulingAdmin', phoneNumber: '+8613800000003', emailAddress: 'scheduler@tutoria.example' },
  { userName: 'leader', fullName: 'Oliver Li', nickName: 'Oli', role: 'TeamLeader', phoneNumber: '+8613800000004', emailAddress: 'leader@tutoria.example' },
  { userName: 'consultant', fullName: 'Sophie Wang', nickName: 'Sophie', role: 'AcademicConsultant', phoneNumber: '+8613800000005', emailAddress: 'consultant@tutoria.example' },
  { userName: 'teacher', fullName: 'James Liu', nickName: 'James', role: 'Teacher', phoneNumber: '+8613800000006', emailAddress: 'teacher@tutoria.example' },
  { userName: 'assistant', fullName: 'Emma Zhao', nickName: 'Emma', role: 'AssistantTeacher', phoneNumber: '+8613800000007', emailAddress: 'assistant@tutoria.example' },
  { userName: 'student', fullName: 'Lucas Huang', nickName: 'Lucas', role: 'Student', phoneNumber: '+8613800000008', emailAddress: 'student@tutoria.example' },
];
