import { type RoleScope, type Role, scopeOf } from '@tutoria/shared';

const manyPeople: Record<RoleScope['classrooms'], boolean> = {
  all: true,
  consultees: true,
  teachesOrAssists: false,
  enrolled: false,
};

/**
 * Whether the class lists offer teacher, student and consultant filters: they do for a role
 * that reaches many people's classes, not for one that sees only the classes it teaches or sits in.
 */
export const filtersByPeople = (role: Role | undefined) =>
  role ? manyPeople[scopeOf(role).classrooms] : false;
