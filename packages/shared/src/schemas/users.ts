import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../domain/password.ts';
import { baseType, subject } from './catalog.ts';
import { epochSeconds, publicKey, textInput } from './common.ts';
import { DEFAULT_PAGE_INDEX, DEFAULT_PAGE_SIZE, listQuery, MAX_PAGE_SIZE } from './list-query.ts';
import { permission, role, strongPassword, userStatus } from './auth.ts';

/**
 * Users and student profiles (SPEC §3 User, Student profile): what the admin's user screens send
 * and receive. The server validates with the same schemas, so a rule says the same on both sides.
 */

export const USER_NAME_MAX = 50;
export const FULL_NAME_MAX = 100;
export const NICK_NAME_MAX = 50;
export const EMAIL_MAX = 254;
export const PROFILE_TEXT_MAX = 200;
export const PROFILE_GOAL_MAX = 2000;
export const PROFILE_LIST_MAX = 20;
export const LANGUAGE_SCORE_MAX = 999;
/** An uploaded profile image: at most this many bytes, PNG, JPEG or WebP (checked by magic bytes). */
export const USER_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const USER_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** Where uploaded profile images are served: random names, never guessable. */
export const USER_IMAGE_PATH_PREFIX = '/api/v1/user/image/';
export const USER_IMAGE_NAME_PATTERN = /^[A-Za-z0-9_-]{22,64}\.(png|jpg|webp)$/;
export const OTP_LENGTH = 6;

const lettersDashes = /^[A-Za-z0-9_-]+$/;

/** Phone numbers start with a country code (SPEC §5 phone_code): `+` then 7–15 digits; spaces and dashes are dropped. */
export const PHONE_PATTERN = /^\+[1-9]\d{6,14}$/;
export function normalizePhone(value: string): string {
  return value.replace(/[\s\-().]/g, '');
}
export const phoneNumber = textInput()
  .trim()
  .max(30)
  .transform(normalizePhone)
  .refine((v) => PHONE_PATTERN.test(v), { params: { messageKey: 'phoneCode' } });

export const USER_NAME_MIN = 3;
export const userName = textInput()
  .trim()
  .min(1)
  .max(USER_NAME_MAX)
  .refine((v) => v.length === 0 || v.length >= USER_NAME_MIN, {
    params: { messageKey: 'minLength', values: { min: USER_NAME_MIN } },
  })
  .refine((v) => v.length === 0 || lettersDashes.test(v), { params: { messageKey: 'alphaDash' } });

export const fullName = textInput().trim().min(1).max(FULL_NAME_MAX);
export const nickName = textInput().trim().max(NICK_NAME_MAX);
export const emailAddress = z.email().trim().max(EMAIL_MAX);

/** A profile image this server stored (`user/uploadImage`); other addresses are refused. */
export const imageUrl = textInput()
  .max(200)
  .refine(
    (v) =>
      v.startsWith(USER_IMAGE_PATH_PREFIX) &&
      USER_IMAGE_NAME_PATTERN.test(v.slice(USER_IMAGE_PATH_PREFIX.length)),
    {
      params: { messageKey: 'invalidValue' },
    },
  );

/** Whether `v` is a real calendar day `YYYY-MM-DD` (no 30 February) from `earliest` to 2999-12-31. */
export function isCalendarDate(v: string, earliest = '1900-01-01'): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return (
    !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && v >= earliest && v <= '2999-12-31'
  );
}

/** A calendar date (birthday, passport expiry): `YYYY-MM-DD`, no time of day, no time zone. */
export const isoDate = textInput()
  .max(10)
  .refine((v) => isCalendarDate(v), { params: { messageKey: 'invalidValue' } });

const optionalText = (max: number) => textInput().trim().max(max).nullish();
const textList = z.array(textInput().trim().min(1).max(PROFILE_TEXT_MAX)).max(PROFILE_LIST_MAX);

/** Language test scores: IELTS bands (6.5) to TOEFL or Duolingo totals; at most one decimal. */
export const languageScore = z
  .number()
  .min(0)
  .max(LANGUAGE_SCORE_MAX)
  .refine((n) => Math.abs(Math.round(n * 10) - n * 10) < 1e-6, {
    params: { messageKey: 'decimal', values: { places: 1 } },
  });

export const subjectResult = z.strictObject({
  subject: textInput().trim().min(1).max(100),
  result: textInput().trim().min(1).max(50),
});
export type SubjectResult = z.infer<typeof subjectResult>;

export const languageScoresInput = z.strictObject({
  reading: languageScore.nullish(),
  writing: languageScore.nullish(),
  speaking: languageScore.nullish(),
  listening: languageScore.nullish(),
});

/**
 * The Student profile of SPEC §3 as a form sends it. Every field is optional: on edit, a field left
 * out keeps its value and `null` clears it; lists are replaced whole.
 */
export const studentProfileInput = z.strictObject({
  birthday: isoDate.nullish(),
  school: optionalText(PROFILE_TEXT_MAX),
  grade: optionalText(50),
  abroadStudyDate: isoDate.nullish(),
  abroadGrade: optionalText(50),
  passportID: textInput()
    .trim()
    .max(30)
    .refine((v) => /^[A-Za-z0-9]*$/.test(v), { params: { messageKey: 'alphaNum' } })
    .nullish(),
  passportExpireDate: isoDate.nullish(),
  targetUniversities: textList.optional(),
  targetMajors: textList.optional(),
  targetHighSchools: textList.optional(),
  targetSubjects: z.array(subject).max(PROFILE_LIST_MAX).optional(),
  subjectResults: z.array(subjectResult).max(30).optional(),
  phaseOneGoal: optionalText(PROFILE_GOAL_MAX),
  phaseOneAchievementDate: isoDate.nullish(),
  phaseTwoGoal: optionalText(PROFILE_GOAL_MAX),
  phaseTwoAchievementDate: isoDate.nullish(),
  languageTest: optionalText(50),
  languageScores: languageScoresInput.optional(),
});
export type StudentProfileInput = z.input<typeof studentProfileInput>;

export const languageScores = z.object({
  reading: z.number().nullable(),
  writing: z.number().nullable(),
  speaking: z.number().nullable(),
  listening: z.number().nullable(),
});

export const studentProfile = z.object({
  birthday: z.string().nullable(),
  school: z.string().nullable(),
  grade: z.string().nullable(),
  abroadStudyDate: z.string().nullable(),
  abroadGrade: z.string().nullable(),
  passportID: z.string().nullable(),
  passportExpireDate: z.string().nullable(),
  targetUniversities: z.array(z.string()),
  targetMajors: z.array(z.string()),
  targetHighSchools: z.array(z.string()),
  targetSubjects: z.array(subject),
  subjectResults: z.array(z.object({ subject: z.string(), result: z.string() })),
  phaseOneGoal: z.string().nullable(),
  phaseOneAchievementDate: z.string().nullable(),
  phaseTwoGoal: z.string().nullable(),
  phaseTwoAchievementDate: z.string().nullable(),
  languageTest: z.string().nullable(),
  languageScores,
  updatedAt: epochSeconds,
});
export type StudentProfile = z.infer<typeof studentProfile>;

/** One row of the users list (SPEC §3 User). `archived` mirrors `status === 'archived'`. */
export const userListItem = z.object({
  publicKey,
  fullName: z.string(),
  nickName: z.string().nullable(),
  userName: z.string(),
  role,
  baseType: baseType.nullable(),
  phoneNumber: z.string().nullable(),
  phoneVerified: z.boolean(),
  emailAddress: z.string().nullable(),
  consultant: publicKey.nullable(),
  consultantName: z.string().nullable(),
  isAdmin: z.boolean(),
  imageUrl: z.string().nullable(),
  createMoment: epochSeconds,
  status: userStatus,
  archived: z.boolean(),
  lastLogin: epochSeconds.nullable(),
  extraPermissions: z.array(permission),
});
export type UserListItem = z.infer<typeof userListItem>;

/** One user with the Student profile (students only; null for staff). */
export const userDetails = userListItem.extend({ studentProfile: studentProfile.nullable() });
export type UserDetails = z.infer<typeof userDetails>;

/**
 * `user/getUserByPublicKey`: the user, and — for one the caller may delete — what they own that
 * keeps them from being deleted, named in the caller's language ("classrooms", "payments"): empty
 * when deleting works, null when the caller may not delete them anyway (issue 27).
 */
export const userRead = userDetails.extend({ ownedRecords: z.array(z.string()).nullable() });
export type UserRead = z.infer<typeof userRead>;

const password = strongPassword;

/** `user/register`: a new user; a student may come with a consultant and a profile. */
export const registerUserBody = z
  .strictObject({
    fullName,
    nickName: nickName.nullish(),
    userName,
    password,
    confirmPassword: textInput().max(PASSWORD_MAX_LENGTH).optional(),
    role,
    baseType: baseType.nullish(),
    phoneNumber: phoneNumber.nullish(),
    emailAddress: emailAddress.nullish(),
    consultant: publicKey.nullish(),
    imageUrl: imageUrl.nullish(),
    studentProfile: studentProfileInput.nullish(),
  })
  .refine((b) => b.confirmPassword === undefined || b.confirmPassword === b.password, {
    path: ['confirmPassword'],
    params: { messageKey: 'sameAsPassword' },
  });
export type RegisterUserBody = z.infer<typeof registerUserBody>;
export type RegisterUserInput = z.input<typeof registerUserBody>;

/**
 * `user/editUser`: the user is named by publicKey; a field left out keeps its value, `null` clears
 * a clearable one. `password`, when given, changes the password (the form's hint says so).
 */
export const editUserBody = z.strictObject({
  publicKey,
  fullName: fullName.optional(),
  nickName: nickName.nullish(),
  userName: userName.optional(),
  password: password.optional(),
  role: role.optional(),
  baseType: baseType.nullish(),
  phoneNumber: phoneNumber.nullish(),
  emailAddress: emailAddress.nullish(),
  consultant: publicKey.nullish(),
  imageUrl: imageUrl.nullish(),
  studentProfile: studentProfileInput.nullish(),
});
export type EditUserBody = z.infer<typeof editUserBody>;
export type EditUserInput = z.input<typeof editUserBody>;

export const userKeyBody = z.strictObject({ publicKey });
export const userKeyQuery = z.strictObject({ publicKey });

export const resetPasswordBody = z
  .strictObject({
    publicKey,
    password,
    confirmPassword: textInput().min(1).max(PASSWORD_MAX_LENGTH),
  })
  .refine((b) => b.password === b.confirmPassword, {
    path: ['confirmPassword'],
    params: { messageKey: 'sameAsPassword' },
  });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** `user/ArchiveUser`: archive (default) or restore with `archived: false`. */
export const archiveUserBody = z.strictObject({ publicKey, archived: z.boolean().default(true) });
export type ArchiveUserBody = z.infer<typeof archiveUserBody>;

/** `user/DisableUser`: disable (default) or enable again with `disabled: false`. */
export const disableUserBody = z.strictObject({ publicKey, disabled: z.boolean().default(true) });
export type DisableUserBody = z.infer<typeof disableUserBody>;

export const setPermissionsBody = z.strictObject({
  publicKey,
  permissions: z.array(permission).max(100),
});
export type SetPermissionsBody = z.infer<typeof setPermissionsBody>;

const queryFlag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/**
 * `user/all` query. `ignoreRoleFilter`: without it a scoped caller (consultant, teacher, assistant)
 * lists only the students in their scope and themself; with it they also see every staff account
 * (the centre's staff directory, read-only). It never reveals a student outside the caller's scope,
 * and changes nothing for the unscoped roles, who see everyone either way.
 */
export const usersListQuery = z.strictObject({ ignoreRoleFilter: queryFlag.optional() });
export const usersListBody = listQuery;

export const usersByRoleBody = z.strictObject({
  index: z.number().int().min(1).default(DEFAULT_PAGE_INDEX),
  size: z
    .number()
    .int()
    .refine((n) => n === -1 || (n >= 1 && n <= MAX_PAGE_SIZE), { params: { messageKey: 'invalidValue' } })
    .default(DEFAULT_PAGE_SIZE),
  roles: z.array(role).max(8).default([]),
  baseTypes: z.array(baseType).max(20).default([]),
  fullName: textInput().trim().max(100).default(''),
});
export type UsersByRoleBody = z.infer<typeof usersByRoleBody>;

export const consultantsBody = z.strictObject({ fullName: textInput().trim().max(100).optional() }).nullish();

export const consultantItem = z.object({
  publicKey,
  fullName: z.string(),
  nickName: z.string().nullable(),
  userName: z.string(),
  studentCount: z.number().int(),
});
export type ConsultantItem = z.infer<typeof consultantItem>;

export const roleCount = z.object({
  role,
  total: z.number().int(),
  active: z.number().int(),
  disabled: z.number().int(),
  archived: z.number().int(),
});
export const roleCounts = z.object({
  roles: z.array(roleCount),
  total: z.number().int(),
  studentsWithoutConsultant: z.number().int(),
});
export type RoleCounts = z.infer<typeof roleCounts>;

export const pagedKeyQuery = z.strictObject({
  publicKey,
  index: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
});

export const loginHistoryEntry = z.object({
  at: epochSeconds,
  success: z.boolean(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  browser: z.string().nullable(),
});
export type LoginHistoryEntry = z.infer<typeof loginHistoryEntry>;

export const loginHistory = z.object({
  lastLogin: epochSeconds.nullable(),
  data: z.array(loginHistoryEntry),
  totalCount: z.number().int(),
});
export type LoginHistory = z.infer<typeof loginHistory>;

export const auditEntry = z.object({
  id: z.uuid(),
  at: epochSeconds,
  action: z.string(),
  actor: z.object({ publicKey, fullName: z.string() }).nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const userSaved = z.object({ isSuccess: z.literal(true), message: z.string(), user: userDetails });
export type UserSaved = z.infer<typeof userSaved>;

export const imageUploaded = z.object({ imageUrl: z.string() });

export const imageParams = z.strictObject({ name: textInput().max(80) });

/** One-time codes (DESIGN §5): a sign-in code goes to the phone number of an active account. */
export const otpRequestBody = z.strictObject({ phoneNumber });
export const otpCode = textInput()
  .trim()
  .refine((v) => /^\d{6}$/.test(v), { params: { messageKey: 'digits', values: { length: OTP_LENGTH } } });
export const otpLoginBody = z.strictObject({ phoneNumber, code: otpCode });
export const verifyPhoneBody = z.strictObject({ code: otpCode });
export const requestPhoneVerifyBody = z.strictObject({}).nullish();
