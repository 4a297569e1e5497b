import {
  type BaseType,
  isAdminRole,
  type Permission,
  type Role,
  type StudentProfile,
  type StudentProfileInput,
  type UserDetails,
  type UserListItem,
} from '@tutoria/shared';
import { toEpoch } from '../../lib/time.ts';
import type * as repo from './users.repo.ts';

/** Rows to wire shapes and back, and what the audit log keeps of a user. */
const scoreOf = (value: string | null) => (value === null ? null : Number(value));
const scoreIn = (value: number | null | undefined) =>
  value === undefined ? undefined : value === null ? null : value.toFixed(1);

export function toProfile(row: repo.ProfileRow): StudentProfile {
  return {
    birthday: row.birthday,
    school: row.school,
    grade: row.grade,
    abroadStudyDate: row.abroadStudyDate,
    abroadGrade: row.abroadGrade,
    passportID: row.passportId,
    passportExpireDate: row.passportExpireDate,
    targetUniversities: row.targetUniversities,
    targetMajors: row.targetMajors,
    targetHighSchools: row.targetHighSchools,
    targetSubjects: row.targetSubjects as StudentProfile['targetSubjects'],
    subjectResults: row.subjectResults,
    phaseOneGoal: row.phaseOneGoal,
    phaseOneAchievementDate: row.phaseOneAchievementDate,
    phaseTwoGoal: row.phaseTwoGoal,
    phaseTwoAchievementDate: row.phaseTwoAchievementDate,
    languageTest: row.languageTest,
    languageScores: {
      reading: scoreOf(row.readingScore),
      writing: scoreOf(row.writingScore),
      speaking: scoreOf(row.speakingScore),
      listening: scoreOf(row.listeningScore),
    },
    updatedAt: toEpoch(row.updatedAt),
  };
}

/** The columns a profile input sets: a field left out is left alone, `null` clears it. */
export function profileValues(input: StudentProfileInput): repo.ProfileValues {
  const values: repo.ProfileValues = {
    birthday: input.birthday,
    school: input.school,
    grade: input.grade,
    abroadStudyDate: input.abroadStudyDate,
    abroadGrade: input.abroadGrade,
    passportId:
      input.passportID === undefined
        ? undefined
        : input.passportID === null
          ? null
          : input.passportID.toUpperCase(),
    passportExpireDate: input.passportExpireDate,
    targetUniversities: input.targetUniversities,
    targetMajors: input.targetMajors,
    targetHighSchools: input.targetHighSchools,
    targetSubjects: input.targetSubjects,
    subjectResults: input.subjectResults,
    phaseOneGoal: input.phaseOneGoal,
    phaseOneAchievementDate: input.phaseOneAchievementDate,
    phaseTwoGoal: input.phaseTwoGoal,
    phaseTwoAchievementDate: input.phaseTwoAchievementDate,
    languageTest: input.languageTest,
    readingScore: scoreIn(input.languageScores?.reading),
    writingScore: scoreIn(input.languageScores?.writing),
    speakingScore: scoreIn(input.languageScores?.speaking),
    listeningScore: scoreIn(input.languageScores?.listening),
  };
  // Empty texts are stored as "not given".
  for (const [key, value] of Object.entries(values)) {
    if (value === '') (values as Record<string, unknown>)[key] = null;
    if (value === undefined) delete (values as Record<string, unknown>)[key];
  }
  return values;
}

export function toListItem(row: repo.UserListRow): UserListItem {
  const role = row.role as Role;
  return {
    publicKey: row.publicKey,
    fullName: row.fullName,
    nickName: row.nickName,
    userName: row.userName,
    role,
    baseType: row.baseType as BaseType | null,
    phoneNumber: row.phoneNumber,
    phoneVerified: row.phoneVerified,
    emailAddress: row.emailAddress,
    consultant: row.consultantKey,
    consultantName: row.consultantName,
    isAdmin: isAdminRole(role),
    imageUrl: row.imageUrl,
    createMoment: row.createMoment,
    status: row.status as UserListItem['status'],
    archived: row.status === 'archived',
    lastLogin: row.lastLogin === null ? null : Math.floor(row.lastLogin),
    extraPermissions: row.extraPermissions as Permission[],
  };
}

/** What the audit log keeps of a user: every field but secrets and computed ones (the consultant's name too, for readers). */
export function snapshot(user: UserDetails): Record<string, unknown> {
  const {
    publicKey: _k,
    lastLogin: _l,
    createMoment: _c,
    isAdmin: _a,
    archived: _r,
    ...rest
  } = user;
  const profile = rest.studentProfile ? (({ updatedAt: _u, ...p }) => p)(rest.studentProfile) : null;
  return { ...rest, studentProfile: profile };
}

/** The fields that differ, as `before` and `after` halves of one audit row. */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key] ?? null;
      a[key] = after[key] ?? null;
    }
  }
  return { before: b, after: a, changed: Object.keys(a).length > 0 };
}
