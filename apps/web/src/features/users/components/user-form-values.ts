import {
  editUserBody,
  hasStudentProfile,
  registerUserBody,
  type EditUserInput,
  type RegisterUserInput,
  type Role,
  type StudentProfile,
  type Subject,
  type UserDetails,
} from '@tutoria/shared';
import { bodySchema } from '@/hooks/use-schema-form';
import { formatPhone } from '@/lib/format';

type Score = number | string;

interface ProfileFormValues {
  birthday: string | null;
  school: string;
  grade: string;
  abroadStudyDate: string | null;
  abroadGrade: string;
  passportID: string;
  passportExpireDate: string | null;
  targetUniversities: string[];
  targetMajors: string[];
  targetHighSchools: string[];
  targetSubjects: Subject[];
  subjectResults: { subject: string; result: string }[];
  phaseOneGoal: string;
  phaseOneAchievementDate: string | null;
  phaseTwoGoal: string;
  phaseTwoAchievementDate: string | null;
  languageTest: string;
  languageScores: { reading: Score; writing: Score; speaking: Score; listening: Score };
}

export interface UserFormValues extends Record<string, unknown> {
  fullName: string;
  nickName: string;
  userName: string;
  password: string;
  confirmPassword: string;
  role: Role;
  baseType: string | null;
  phoneNumber: string;
  emailAddress: string;
  consultant: string | null;
  imageUrl: string | null;
  studentProfile: ProfileFormValues;
}

export type FormMode = { kind: 'create' } | { kind: 'edit'; publicKey: string; consultantFixed: boolean };

const emptyProfile = (): ProfileFormValues => ({
  birthday: null,
  school: '',
  grade: '',
  abroadStudyDate: null,
  abroadGrade: '',
  passportID: '',
  passportExpireDate: null,
  targetUniversities: [],
  targetMajors: [],
  targetHighSchools: [],
  targetSubjects: [],
  subjectResults: [],
  phaseOneGoal: '',
  phaseOneAchievementDate: null,
  phaseTwoGoal: '',
  phaseTwoAchievementDate: null,
  languageTest: '',
  languageScores: { reading: '', writing: '', speaking: '', listening: '' },
});

function profileFromServer(profile: StudentProfile | null): ProfileFormValues {
  if (!profile) return emptyProfile();
  const score = (n: number | null) => (n === null ? '' : n);
  return {
    birthday: profile.birthday,
    school: profile.school ?? '',
    grade: profile.grade ?? '',
    abroadStudyDate: profile.abroadStudyDate,
    abroadGrade: profile.abroadGrade ?? '',
    passportID: profile.passportID ?? '',
    passportExpireDate: profile.passportExpireDate,
    targetUniversities: profile.targetUniversities,
    targetMajors: profile.targetMajors,
    targetHighSchools: profile.targetHighSchools,
    targetSubjects: profile.targetSubjects,
    subjectResults: profile.subjectResults,
    phaseOneGoal: profile.phaseOneGoal ?? '',
    phaseOneAchievementDate: profile.phaseOneAchievementDate,
    phaseTwoGoal: profile.phaseTwoGoal ?? '',
    phaseTwoAchievementDate: profile.phaseTwoAchievementDate,
    languageTest: profile.languageTest ?? '',
    languageScores: {
      reading: score(profile.languageScores.reading),
      writing: score(profile.languageScores.writing),
      speaking: score(profile.languageScores.speaking),
      listening: score(profile.languageScores.listening),
    },
  };
}

export function initialValues(user: UserDetails | null, defaultRole: Role): UserFormValues {
  return {
    fullName: user?.fullName ?? '',
    nickName: user?.nickName ?? '',
    userName: user?.userName ?? '',
    password: '',
    confirmPassword: '',
    role: user?.role ?? defaultRole,
    baseType: user?.baseType ?? null,
    // Shown for reading ("+86 138 0000 0001"); the shared schema drops the spaces again on save.
    phoneNumber: user?.phoneNumber ? formatPhone(user.phoneNumber) : '',
    emailAddress: user?.emailAddress ?? '',
    consultant: user?.consultant ?? null,
    imageUrl: user?.imageUrl ?? null,
    studentProfile: profileFromServer(user?.studentProfile ?? null),
  };
}

const text = (value: string) => {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};
const score = (value: Score) => (value === '' || value === null ? null : Number(value));

function profileBody(p: ProfileFormValues) {
  return {
    birthday: p.birthday || null,
    school: text(p.school),
    grade: text(p.grade),
    abroadStudyDate: p.abroadStudyDate || null,
    abroadGrade: text(p.abroadGrade),
    passportID: text(p.passportID),
    passportExpireDate: p.passportExpireDate || null,
    targetUniversities: p.targetUniversities,
    targetMajors: p.targetMajors,
    targetHighSchools: p.targetHighSchools,
    targetSubjects: p.targetSubjects,
    subjectResults: p.subjectResults.filter((r) => r.subject.trim() !== '' || r.result.trim() !== ''),
    phaseOneGoal: text(p.phaseOneGoal),
    phaseOneAchievementDate: p.phaseOneAchievementDate || null,
    phaseTwoGoal: text(p.phaseTwoGoal),
    phaseTwoAchievementDate: p.phaseTwoAchievementDate || null,
    languageTest: text(p.languageTest),
    languageScores: {
      reading: score(p.languageScores.reading),
      writing: score(p.languageScores.writing),
      speaking: score(p.languageScores.speaking),
      listening: score(p.languageScores.listening),
    },
  };
}

/** The form as the API wants it: empty texts become "not given"; staff carry no consultant or profile. */
export function toBody(values: UserFormValues, mode: FormMode): RegisterUserInput | EditUserInput {
  const isStudent = hasStudentProfile(values.role);
  const common = {
    fullName: values.fullName.trim(),
    nickName: text(values.nickName),
    userName: values.userName.trim(),
    role: values.role,
    baseType: (values.baseType || null) as RegisterUserInput['baseType'],
    phoneNumber: text(values.phoneNumber),
    emailAddress: text(values.emailAddress),
    imageUrl: values.imageUrl,
    ...(isStudent ? { studentProfile: profileBody(values.studentProfile) } : {}),
  };
  if (mode.kind === 'create') {
    return {
      ...common,
      password: values.password,
      confirmPassword: values.confirmPassword,
      ...(isStudent && values.consultant ? { consultant: values.consultant } : {}),
    };
  }
  return {
    publicKey: mode.publicKey,
    ...common,
    ...(values.password ? { password: values.password } : {}),
    ...(mode.consultantFixed ? {} : { consultant: isStudent ? values.consultant : null }),
  };
}

/** The shared schema the server uses, fed the same body the form will send. */
export function formSchema(mode: FormMode) {
  return bodySchema(mode.kind === 'create' ? registerUserBody : editUserBody, (values: UserFormValues) =>
    toBody(values, mode),
  );
}
