import { z } from 'zod';
import type { Language } from '../errors.ts';

/**
 * The centre's shared enumerations (SPEC §3: levels, lesson types, subjects, base types), with
 * their English and Chinese labels, used by every screen, the server's exports and validation.
 */
type Labels<T extends string> = Record<T, Record<Language, string>>;

export const baseTypes = [
  'GCSE',
  'A_LEVEL',
  'KS_3',
  'EnglishElementary',
  'AdditionalExamination',
  'University',
  'Contest',
  'IELTS',
  'IB',
  'AP',
  'TOEFL',
  'SAT',
] as const;
export type BaseType = (typeof baseTypes)[number];
export const baseType = z.enum(baseTypes);

export const baseTypeLabels: Labels<BaseType> = {
  GCSE: { en: 'GCSE', zh: 'GCSE' },
  A_LEVEL: { en: 'A-LEVEL', zh: 'A-LEVEL' },
  KS_3: { en: 'KS-3', zh: 'KS-3' },
  EnglishElementary: { en: 'English elementary', zh: '基础英语' },
  AdditionalExamination: { en: 'Additional examination', zh: '附加考试' },
  University: { en: 'University', zh: '大学课程' },
  Contest: { en: 'Contest', zh: '竞赛' },
  IELTS: { en: 'IELTS', zh: '雅思' },
  IB: { en: 'IB', zh: 'IB' },
  AP: { en: 'AP', zh: 'AP' },
  TOEFL: { en: 'TOEFL', zh: '托福' },
  SAT: { en: 'SAT', zh: 'SAT' },
};

/** Every base type is taught online or offline: the lesson type names both (SPEC §3). */
export const teachingModes = ['Online', 'Offline'] as const;
export type TeachingMode = (typeof teachingModes)[number];
export const lessonTypes = baseTypes.flatMap((b) => teachingModes.map((m) => `${b}_${m}` as const));
export type LessonType = `${BaseType}_${TeachingMode}`;
export const lessonType = z.enum(lessonTypes as [LessonType, ...LessonType[]]);

const modeLabels: Labels<TeachingMode> = {
  Online: { en: 'online', zh: '线上' },
  Offline: { en: 'offline', zh: '线下' },
};
export function lessonTypeLabel(type: LessonType, language: Language): string {
  const [base, mode] = type.split(/_(?=Online$|Offline$)/) as [BaseType, TeachingMode];
  return `${baseTypeLabels[base][language]} (${modeLabels[mode][language]})`;
}

export const levels = [
  'KS_3',
  'GCSE',
  'IGCSE',
  'A_LEVEL',
  'IB',
  'AP',
  'SAT',
  'IELTS',
  'TOEFL',
  'Elementary',
  'Intermediate',
  'Advanced',
  'University',
] as const;
export type Level = (typeof levels)[number];
export const level = z.enum(levels);

export const levelLabels: Labels<Level> = {
  KS_3: { en: 'KS-3', zh: 'KS-3' },
  GCSE: { en: 'GCSE', zh: 'GCSE' },
  IGCSE: { en: 'IGCSE', zh: 'IGCSE' },
  A_LEVEL: { en: 'A-Level', zh: 'A-Level' },
  IB: { en: 'IB', zh: 'IB' },
  AP: { en: 'AP', zh: 'AP' },
  SAT: { en: 'SAT', zh: 'SAT' },
  IELTS: { en: 'IELTS', zh: '雅思' },
  TOEFL: { en: 'TOEFL', zh: '托福' },
  Elementary: { en: 'Elementary', zh: '初级' },
  Intermediate: { en: 'Intermediate', zh: '中级' },
  Advanced: { en: 'Advanced', zh: '高级' },
  University: { en: 'University', zh: '大学' },
};

export const subjects = [
  'Mathematics',
  'Physics',
  'Chemistry',
  'Biology',
  'Science',
  'Geography',
  'ComputerScience',
  'FinanceAndAccounting',
  'History',
  'Psychology',
  'ForeignLanguage',
  'Economics',
] as const;
export type Subject = (typeof subjects)[number];
export const subject = z.enum(subjects);

export const subjectLabels: Labels<Subject> = {
  Mathematics: { en: 'Mathematics', zh: '数学' },
  Physics: { en: 'Physics', zh: '物理' },
  Chemistry: { en: 'Chemistry', zh: '化学' },
  Biology: { en: 'Biology', zh: '生物' },
  Science: { en: 'Science', zh: '科学' },
  Geography: { en: 'Geography', zh: '地理' },
  ComputerScience: { en: 'Computer science', zh: '计算机科学' },
  FinanceAndAccounting: { en: 'Finance and accounting', zh: '金融与会计' },
  History: { en: 'History', zh: '历史' },
  Psychology: { en: 'Psychology', zh: '心理学' },
  ForeignLanguage: { en: 'Foreign language', zh: '外语' },
  Economics: { en: 'Economics', zh: '经济学' },
};
