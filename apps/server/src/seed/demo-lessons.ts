import { type BaseType, baseTypeLabels, baseTypes, type Level, levelOfBaseType } from '@tutoria/shared';
import type { Queryable } from '../db/client.ts';
import { lessons, specificationLessons, specifications } from '../db/schema/index.ts';

type DemoLesson = [
  name: string,
  title: string,
  subTitle: string | null,
  hours: string,
  description: string | null,
];

/** A course of the demo centre and its lessons, in teaching order. */
interface DemoCourse {
  title: string;
  level: Level;
  baseType: BaseType;
  lessons: DemoLesson[];
}

const courses: DemoCourse[] = [
  {
    title: 'A-Level Mathematics',
    level: 'A_LEVEL',
    baseType: 'A_LEVEL',
    lessons: [
      [
        'Mathematics',
        'Pure Mathematics 1',
        'Algebra and functions',
        '2.00',
        'Quadratics, inequalities, polynomials and graph transformations.',
      ],
      [
        'Mathematics',
        'Pure Mathematics 1',
        'Coordinate geometry',
        '1.50',
        'Straight lines, circles and their intersections.',
      ],
      [
        'Mathematics',
        'Pure Mathematics 2',
        'Differentiation and integration',
        '2.00',
        'Rules of calculus and their applications.',
      ],
      [
        'Mathematics',
        'Statistics 1',
        'Probability and distributions',
        '1.50',
        'Binomial distribution and hypothesis testing.',
      ],
      [
        'Mathematics',
        'Mechanics 1',
        'Kinematics',
        '1.50',
        'Motion in a straight line with constant acceleration.',
      ],
    ],
  },
  {
    title: 'A-Level Physics',
    level: 'A_LEVEL',
    baseType: 'A_LEVEL',
    lessons: [
      ['Physics', 'Mechanics and materials', 'Forces, energy and momentum', '2.00', null],
      ['Physics', 'Electricity', 'Circuits and internal resistance', '1.50', null],
    ],
  },
  {
    title: 'GCSE Physics',
    level: 'GCSE',
    baseType: 'GCSE',
    lessons: [
      ['Physics', 'Forces and motion', 'Speed, velocity and Newton’s laws', '1.00', null],
      ['Physics', 'Energy', 'Stores, transfers and efficiency', '1.00', null],
      ['Physics', 'Waves', 'Properties of waves and the electromagnetic spectrum', '1.00', null],
      ['Physics', 'Electricity', 'Current, potential difference and resistance', '1.00', null],
    ],
  },
  {
    title: 'GCSE Mathematics (Higher)',
    level: 'GCSE',
    baseType: 'GCSE',
    lessons: [
      ['Mathematics', 'Number', 'Surds, indices and standard form', '1.00', null],
      ['Mathematics', 'Algebra', 'Simultaneous and quadratic equations', '1.00', null],
      ['Mathematics', 'Geometry', 'Trigonometry and circle theorems', '1.00', null],
    ],
  },
  {
    title: 'GCSE Chemistry',
    level: 'GCSE',
    baseType: 'GCSE',
    lessons: [
      ['Chemistry', 'Atomic structure', 'The periodic table', '1.00', null],
      ['Chemistry', 'Bonding', 'Ionic, covalent and metallic bonding', '1.00', null],
    ],
  },
  {
    title: 'IELTS Writing',
    level: 'IELTS',
    baseType: 'IELTS',
    lessons: [
      [
        'English',
        'IELTS Writing Task 1',
        'Describing graphs and charts',
        '1.50',
        'Overview, key features and comparisons in 150 words.',
      ],
      [
        'English',
        'IELTS Writing Task 2',
        'Opinion essays',
        '1.50',
        'Planning a clear position and supporting it.',
      ],
      ['English', 'IELTS Writing Task 2', 'Discussion essays', '1.50', null],
    ],
  },
  {
    title: 'IELTS Speaking',
    level: 'IELTS',
    baseType: 'IELTS',
    lessons: [
      ['English', 'IELTS Speaking Part 1', 'Introduction and familiar topics', '1.00', null],
      ['English', 'IELTS Speaking Part 2', 'Cue cards', '1.00', null],
      ['English', 'IELTS Speaking Part 3', 'Discussion', '1.00', null],
    ],
  },
  {
    title: 'TOEFL iBT preparation',
    level: 'TOEFL',
    baseType: 'TOEFL',
    lessons: [
      ['English', 'TOEFL Integrated writing', 'Reading, lecture and response', '1.50', null],
      ['English', 'TOEFL Independent speaking', null, '1.00', null],
    ],
  },
  {
    title: 'KS-3 Science',
    level: 'KS_3',
    baseType: 'KS_3',
    lessons: [
      ['Science', 'Cells and organisation', null, '1.00', null],
      ['Science', 'Forces', 'Balanced and unbalanced forces', '1.00', null],
    ],
  },
  {
    title: 'IB Economics HL',
    level: 'IB',
    baseType: 'IB',
    lessons: [
      ['Economics', 'Microeconomics', 'Demand, supply and market failure', '2.00', null],
      ['Economics', 'Macroeconomics', 'Aggregate demand and economic policy', '2.00', null],
    ],
  },
  {
    title: 'AP Computer Science A',
    level: 'AP',
    baseType: 'AP',
    lessons: [
      ['Computer science', 'Java fundamentals', 'Types, control flow and methods', '1.50', null],
      ['Computer science', 'Object-oriented design', 'Classes, inheritance and interfaces', '1.50', null],
    ],
  },
  {
    title: 'SAT preparation',
    level: 'SAT',
    baseType: 'SAT',
    lessons: [
      ['Mathematics', 'SAT Math', 'Heart of algebra', '1.50', null],
      ['English', 'SAT Reading and Writing', 'Evidence-based reading', '1.50', null],
    ],
  },
  {
    title: 'English for beginners',
    level: 'Elementary',
    baseType: 'EnglishElementary',
    lessons: [
      ['English', 'Everyday conversation', 'Greetings, shopping and directions', '1.00', null],
      ['English', 'Grammar basics', 'Present and past tenses', '1.00', null],
    ],
  },
  {
    title: 'Calculus for engineers',
    level: 'University',
    baseType: 'University',
    lessons: [['Mathematics', 'Calculus for engineers', 'Series and differential equations', '2.00', null]],
  },
  {
    title: 'UKMT olympiad training',
    level: 'Advanced',
    baseType: 'Contest',
    lessons: [['Mathematics', 'Olympiad problem solving', 'Number theory and combinatorics', '2.00', null]],
  },
  {
    title: 'Oxford MAT preparation',
    level: 'Advanced',
    baseType: 'AdditionalExamination',
    lessons: [['Mathematics', 'MAT past papers', 'Multiple choice and long questions', '2.00', null]],
  },
];

/** One evaluation (placement) test per base type, at the level of that base type's students. */
const placementTests: DemoCourse[] = baseTypes.map((baseType) => ({
  title: `${baseTypeLabels[baseType].en} placement test`,
  level: levelOfBaseType[baseType] ?? 'Advanced',
  baseType,
  lessons: [
    [
      'Placement test',
      `${baseTypeLabels[baseType].en} diagnostic assessment`,
      'Entry level and gaps',
      '1.50',
      null,
    ],
  ],
}));

/** Lessons and courses of the demo centre (DESIGN §9), inside the seeding transaction. */
export async function seedDemoLessons(tx: Queryable): Promise<void> {
  const all = [...courses, ...placementTests];
  for (const [index, course] of all.entries()) {
    const isTest = index >= courses.length;
    // Spread over the past days, oldest first, tests before courses: the lists (newest first)
    // open on real courses and lessons in their teaching order.
    const createMoment = Date.now() - ((all.length - index) * 3 + (isTest ? 200 : 0)) * 3600_000;
    const inserted = await tx
      .insert(lessons)
      .values(
        course.lessons.map(([name, title, subTitle, teachingTimeInHour, description], position) => ({
          name,
          title,
          subTitle,
          level: course.level,
          baseType: course.baseType,
          teachingTimeInHour,
          description,
          createMoment: new Date(createMoment - (course.lessons.length - position) * 60_000),
        })),
      )
      .returning({ lessonId: lessons.lessonId });
    const [spec] = await tx
      .insert(specifications)
      .values({
        title: course.title,
        level: course.level,
        baseType: course.baseType,
        isEvaluationTest: isTest,
        createMoment: new Date(createMoment),
      })
      .returning({ specificationId: specifications.specificationId });
    await tx
      .insert(specificationLessons)
      .values(
        inserted.map(({ lessonId }, position) => ({
          specificationId: spec!.specificationId,
          lessonId,
          position,
        })),
      );
  }
}
