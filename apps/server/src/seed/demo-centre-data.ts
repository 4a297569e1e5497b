import type { BaseType, LessonType, Level } from '@tutoria/shared';

/**
 * The grown demo centre's constants (issue 29): three more teachers, 28 more students and 20 more
 * classes beside the hand-made ones of demo-users.ts and demo-scheduling.ts. Laid out by hand so
 * nothing double-books (a teacher, a room or a student is in one class at a time, the existing
 * demo classes included) and no class meets on a Sunday; demo-centre.api.test.ts checks it.
 */

/** userName, full name, nick name, base type, phone. */
export const centreTeachers: [string, string, string, BaseType, string][] = [
  ['lin_yue', 'Lin Yue', '林悦', 'IELTS', '+8613800000017'],
  ['tom_wright', 'Tom Wright', 'Tom', 'AP', '+447700900104'],
  ['chen_mei', 'Chen Mei', '陈美', 'IB', '+8613800000018'],
];

/** userName, full name, nick name, base type, school, grade. */
export const centreStudents: [string, string, string, BaseType, string, string][] = [
  ['noah_chen', 'Noah Chen', '陈诺亚', 'A_LEVEL', 'Shanghai Pinghe School', 'Year 13'],
  ['sophia_li', 'Sophia Li', '李思菲', 'A_LEVEL', 'Dulwich College Shanghai', 'Year 12'],
  ['liam_wang', 'Liam Wang', '王力安', 'A_LEVEL', 'Wellington College Shanghai', 'Year 12'],
  ['grace_zhao', 'Grace Zhao', '赵雅', 'AP', 'Shanghai American School', 'Grade 11'],
  ['henry_xu', 'Henry Xu', '徐恒', 'A_LEVEL', 'Harrow International School Shanghai', 'Year 12'],
  ['lily_zhang', 'Lily Zhang', '张莉莉', 'IELTS', 'Shanghai High School', 'Grade 11'],
  ['oscar_hu', 'Oscar Hu', '胡奥', 'IELTS', 'Nanyang Model High School', 'Grade 10'],
  ['ruby_yang', 'Ruby Yang', '杨如意', 'IELTS', 'Shanghai Foreign Language School', 'Grade 11'],
  ['max_zhu', 'Max Zhu', '朱明轩', 'IELTS', 'Fudan International School', 'Grade 12'],
  ['ella_guo', 'Ella Guo', '郭怡', 'IELTS', 'YK Pao School', 'Grade 11'],
  ['jack_tang', 'Jack Tang', '唐杰', 'IELTS', 'Shanghai Starriver Bilingual School', 'Grade 10'],
  ['hao_liu', 'Liu Hao', '刘浩', 'GCSE', 'Wellington College Shanghai', 'Year 10'],
  ['xinyi_wu', 'Wu Xinyi', '吴欣怡', 'GCSE', 'Dulwich College Shanghai', 'Year 10'],
  ['jing_zhou', 'Zhou Jing', '周静', 'GCSE', 'Harrow International School Shanghai', 'Year 9'],
  ['tao_sun', 'Sun Tao', '孙涛', 'GCSE', 'Shanghai United International School', 'Year 9'],
  ['rui_huang', 'Huang Rui', '黄睿', 'GCSE', 'Wellington College Shanghai', 'Year 10'],
  ['ming_he', 'He Ming', '何明', 'GCSE', 'YK Pao School', 'Year 9'],
  ['yue_ma', 'Ma Yue', '马悦', 'GCSE', 'Shanghai Pinghe School', 'Year 10'],
  ['fang_lin', 'Lin Fang', '林芳', 'GCSE', 'Dulwich College Shanghai', 'Year 9'],
  ['amelia_brown', 'Amelia Brown', 'Amelia', 'GCSE', 'British International School Shanghai', 'Year 11'],
  ['william_evans', 'William Evans', 'Will', 'GCSE', 'British International School Shanghai', 'Year 11'],
  ['charlotte_kim', 'Charlotte Kim', 'Charlotte', 'IB', 'Concordia International School', 'DP1'],
  ['samuel_park', 'Samuel Park', 'Sam', 'IB', 'Western International School of Shanghai', 'DP2'],
  ['mila_roberts', 'Mila Roberts', 'Mila', 'IB', 'Western International School of Shanghai', 'DP1'],
  ['aiden_wilson', 'Aiden Wilson', 'Aiden', 'AP', 'Shanghai American School', 'Grade 12'],
  ['qing_feng', 'Feng Qing', '冯青', 'IB', 'Shanghai Community International School', 'DP1'],
  ['kai_luo', 'Luo Kai', '罗凯', 'TOEFL', 'Shanghai Foreign Language School', 'Grade 10'],
  ['sarah_lam', 'Sarah Lam', '林莎拉', 'GCSE', 'Yew Chung International School', 'Year 11'],
];

/** Students who owe money: their top-up deposit is still waiting, so their held sessions outrun what they paid. */
export const centreDebtors = ['ella_guo', 'tao_sun', 'rui_huang'];

export interface CentreClass {
  name: string;
  teacher: string;
  assistant: string | null;
  type: 'Private' | 'TwoOrThreePerson' | 'ThreeOrFourPerson' | 'MoreThanFourPerson' | 'Full';
  lessonType: LessonType;
  level: Level;
  /** A room, or null for an online class (which gets a meeting link). */
  room: string | null;
  /** A demo course's title (demo-lessons.ts); null leaves the class waiting for a course. */
  course: string | null;
  /** 0 = Monday … 5 = Saturday: never Sunday. */
  weekday: number;
  /** Start, minutes after midnight (UTC, the centre's default time zone). */
  start: number;
  minutes: number;
  /** Weeks relative to this one: -12 … 4 unless the class started later or was archived. */
  from: number;
  to: number;
  archived: boolean;
  students: string[];
}

const row = (
  name: string,
  teacher: string,
  type: CentreClass['type'],
  lessonType: LessonType,
  level: Level,
  room: string | null,
  course: string | null,
  [weekday, hour, minutes]: [number, number, number],
  students: string[],
  extra: Partial<CentreClass> = {},
): CentreClass => ({
  name,
  teacher,
  assistant: null,
  type,
  lessonType,
  level,
  room,
  course,
  weekday,
  start: Math.round(hour * 60),
  minutes,
  from: -12,
  to: 4,
  archived: false,
  students,
  ...extra,
});

export const centreClasses: CentreClass[] = [
  row(
    'A-Level Further Mathematics · duo',
    'teacher',
    'TwoOrThreePerson',
    'A_LEVEL_Offline',
    'A_LEVEL',
    '103',
    'A-Level Mathematics',
    [0, 11, 90],
    ['noah_chen', 'sophia_li'],
    { assistant: 'assistant' },
  ),
  row(
    'A-Level Physics · online group',
    'teacher',
    'ThreeOrFourPerson',
    'A_LEVEL_Online',
    'A_LEVEL',
    null,
    'A-Level Physics',
    [2, 11.5, 90],
    ['liam_wang', 'grace_zhao', 'henry_xu'],
  ),
  row(
    'IELTS Writing · Tuesday group',
    'hannah_brooks',
    'MoreThanFourPerson',
    'IELTS_Offline',
    'IELTS',
    '104',
    'IELTS Writing',
    [1, 14, 120],
    ['lily_zhang', 'oscar_hu', 'ruby_yang', 'max_zhu', 'ella_guo'],
  ),
  row(
    'IELTS Academic · Jack',
    'hannah_brooks',
    'Private',
    'IELTS_Online',
    'IELTS',
    null,
    'IELTS Speaking',
    [3, 11.5, 90],
    ['jack_tang'],
    { from: -10 },
  ),
  row(
    'GCSE Mathematics · Higher set',
    'wei_zhang',
    'Full',
    'GCSE_Offline',
    'GCSE',
    '203',
    'GCSE Mathematics (Higher)',
    [3, 16.5, 90],
    ['hao_liu', 'xinyi_wu', 'jing_zhou', 'tao_sun', 'rui_huang', 'ming_he', 'yue_ma', 'fang_lin'],
    { assistant: 'assistant' },
  ),
  row(
    'GCSE Chemistry · small group',
    'wei_zhang',
    'TwoOrThreePerson',
    'GCSE_Offline',
    'GCSE',
    '204',
    'GCSE Chemistry',
    [1, 16, 90],
    ['amelia_brown', 'william_evans', 'sarah_lam'],
  ),
  row(
    'IB Economics HL · trio',
    'priya_sharma',
    'ThreeOrFourPerson',
    'IB_Online',
    'IB',
    null,
    'IB Economics HL',
    [2, 17.5, 90],
    ['charlotte_kim', 'samuel_park', 'mila_roberts'],
  ),
  row(
    'IB Chemistry SL · Saturday',
    'priya_sharma',
    'TwoOrThreePerson',
    'IB_Offline',
    'IB',
    '301',
    null,
    [5, 11.5, 90],
    ['aiden_wilson', 'qing_feng'],
  ),
  row(
    'SAT Math · weekend online',
    'ethan_park',
    'MoreThanFourPerson',
    'SAT_Online',
    'SAT',
    null,
    'SAT preparation',
    [5, 14, 120],
    ['noah_chen', 'liam_wang', 'lily_zhang', 'hao_liu', 'charlotte_kim'],
  ),
  row(
    'TOEFL Speaking · Kai',
    'ethan_park',
    'Private',
    'TOEFL_Online',
    'TOEFL',
    null,
    'TOEFL iBT preparation',
    [4, 17, 60],
    ['kai_luo'],
    { from: -8 },
  ),
  row(
    'IELTS Speaking · evening',
    'lin_yue',
    'ThreeOrFourPerson',
    'IELTS_Online',
    'IELTS',
    null,
    'IELTS Speaking',
    [0, 18.5, 60],
    ['oscar_hu', 'ruby_yang', 'jack_tang', 'xinyi_wu'],
  ),
  row(
    'English for beginners · KS3',
    'lin_yue',
    'MoreThanFourPerson',
    'EnglishElementary_Offline',
    'Elementary',
    '105',
    'English for beginners',
    [2, 16, 90],
    ['jing_zhou', 'tao_sun', 'rui_huang', 'ming_he', 'yue_ma', 'fang_lin'],
    { assistant: 'assistant' },
  ),
  row(
    'IELTS Reading · Amelia',
    'lin_yue',
    'Private',
    'IELTS_Offline',
    'IELTS',
    '105',
    'IELTS Writing',
    [4, 10, 90],
    ['amelia_brown'],
  ),
  row(
    'AP Calculus BC · trio',
    'tom_wright',
    'TwoOrThreePerson',
    'AP_Offline',
    'AP',
    '103',
    'Calculus for engineers',
    [1, 10, 90],
    ['charlotte_kim', 'aiden_wilson', 'kai_luo'],
  ),
  row(
    'AP Computer Science A · online',
    'tom_wright',
    'ThreeOrFourPerson',
    'AP_Online',
    'AP',
    null,
    'AP Computer Science A',
    [3, 18, 90],
    ['sophia_li', 'grace_zhao', 'william_evans', 'samuel_park'],
  ),
  row(
    'Oxford MAT preparation · Noah',
    'tom_wright',
    'Private',
    'A_LEVEL_Online',
    'A_LEVEL',
    null,
    'Oxford MAT preparation',
    [4, 14, 120],
    ['noah_chen'],
  ),
  row(
    'UKMT olympiad · Saturday',
    'tom_wright',
    'MoreThanFourPerson',
    'Contest_Offline',
    'Advanced',
    '204',
    'UKMT olympiad training',
    [5, 9.5, 90],
    ['henry_xu', 'max_zhu', 'ella_guo', 'mila_roberts', 'fang_lin'],
  ),
  row(
    'IB Biology HL · pair',
    'chen_mei',
    'TwoOrThreePerson',
    'IB_Offline',
    'IB',
    '301',
    null,
    [0, 16, 90],
    ['samuel_park', 'mila_roberts'],
    { from: -4 },
  ),
  row(
    'KS-3 Science · Saturday club',
    'chen_mei',
    'Full',
    'KS_3_Offline',
    'KS_3',
    'Lab',
    'KS-3 Science',
    [5, 9, 90],
    ['lily_zhang', 'oscar_hu', 'ruby_yang', 'jack_tang', 'hao_liu', 'xinyi_wu', 'jing_zhou'],
  ),
  row(
    'GCSE Biology · Qing (spring)',
    'chen_mei',
    'Private',
    'GCSE_Online',
    'GCSE',
    null,
    'GCSE Chemistry',
    [3, 10, 60],
    ['qing_feng'],
    { to: -5, archived: true },
  ),
];
