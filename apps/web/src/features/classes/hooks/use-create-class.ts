import { type BaseType, createClassroomBody } from '@tutoria/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { bodySchema, errorsWithin, useSchemaForm } from '@/hooks/use-schema-form';
import { notifySuccess } from '@/lib/notify';
import { href } from '@/lib/routes';
import { useCheckTimes, useClassMutation } from '../api/classes';
import { classFieldsBody, type ClassFieldValues, roomOf } from '../components/class-fields';
import { type LessonDraft, toLessonInput } from '../components/lessons-editor';
import { conflictsOf, inOrder, type ProposedTime, type TimeCheck } from '../lib/proposed-times';

export const STEPS = ['students', 'teacher', 'lessons', 'details', 'times'] as const;
type Step = (typeof STEPS)[number];

/** The body fields each step fills, so a step says only what it is missing. */
const stepFields: Record<Step, string[]> = {
  students: ['studentsPublicKey'],
  teacher: ['teacherPublicKey'],
  lessons: ['lessons', 'specificationIds'],
  details: [
    'classroomName',
    'classroomLevel',
    'classroomType',
    'lessonType',
    'classroomNumber',
    'meetingLink',
  ],
  times: ['times'],
};

type CreateClassValues = ClassFieldValues & {
  studentsPublicKey: string[];
  /** The chosen students' base type, for the courses offered (their evaluation tests). */
  studentsBaseType: BaseType | null;
  teacherPublicKey: string | null;
  /** Shown on the calendar of the teacher's times. */
  teacherName: string;
  assistantTeacherPublicKey: string | null;
  lessons: LessonDraft[];
  specificationIds: string[];
  times: ProposedTime[];
};

const initialValues: CreateClassValues = {
  studentsPublicKey: [],
  studentsBaseType: null,
  teacherPublicKey: null,
  teacherName: '',
  assistantTeacherPublicKey: null,
  lessons: [],
  specificationIds: [],
  classroomName: '',
  classroomLevel: null,
  classroomType: null,
  lessonType: null,
  classroomNumber: '',
  meetingLink: '',
  times: [],
};

const schema = bodySchema(createClassroomBody, (values: CreateClassValues) => ({
  studentsPublicKey: values.studentsPublicKey,
  teacherPublicKey: values.teacherPublicKey ?? '',
  assistantTeacherPublicKey: values.assistantTeacherPublicKey,
  lessons: values.lessons.map(toLessonInput),
  specificationIds: values.specificationIds,
  ...classFieldsBody(values),
  times: inOrder(values.times),
}));

/**
 * The class wizard (SPEC §3, §5) as one form in steps: each step is checked with the shared
 * schema's texts for its own fields; saving checks every step, then every clash, then creates.
 */
export function useCreateClass() {
  const { t } = useTranslation('classes');
  const navigate = useNavigate();
  const form = useSchemaForm(schema, initialValues, { mode: 'controlled' });
  const [step, setStep] = useState(0);
  const [check, setCheck] = useState<TimeCheck | null>(null);
  const checkTimes = useCheckTimes();
  const create = useClassMutation('create', { silent: true });

  const validStep = (index: number) =>
    Object.keys(form.validateFields(stepFields[STEPS[index]!])).length === 0;

  const runCheck = async (): Promise<boolean> => {
    const values = form.getValues();
    if (!values.teacherPublicKey || !values.times.length) return validStep(STEPS.indexOf('times'));
    const result = await checkTimes.mutateAsync({
      teacherPublicKey: values.teacherPublicKey,
      studentsPublicKey: values.studentsPublicKey,
      classroomNumber: roomOf(values),
      times: inOrder(values.times),
    });
    setCheck({ conflicts: conflictsOf(values.times, result) });
    if (result.conflictCount)
      form.setFieldError('form', t('create.conflicts', { count: result.conflictCount }));
    return result.conflictCount === 0;
  };

  const save = async () => {
    const firstInvalid = STEPS.findIndex((_step, index) => !validStep(index));
    if (firstInvalid >= 0) return setStep(firstInvalid);
    if (!(await runCheck())) return;
    create.mutate(schema.parse(form.getValues()), {
      onSuccess: (result) => {
        notifySuccess(result.message);
        void navigate(href('classDetails', { id: result.classroomId }));
      },
      onError: form.setServerErrors,
    });
  };

  const shown = errorsWithin(form.errors, stepFields[STEPS[step]!]);
  return {
    form,
    step,
    /** Going back needs no check; going on checks the step. */
    goTo: (index: number) => setStep(index),
    next: () => {
      if (validStep(step)) setStep((s) => Math.min(s + 1, STEPS.length - 1));
    },
    /** What stops this step: a clash or a refusal, else its first missing field. */
    failure: form.errors.form ?? Object.values(shown)[0] ?? null,
    check,
    /** Other people or times: the last check no longer holds. */
    forgetCheck: () => setCheck(null),
    /** New times are not checked yet. */
    setTimes: (times: ProposedTime[]) => {
      form.setFieldValue('times', times);
      form.clearFieldError('form');
      setCheck(null);
    },
    runCheck: () => void runCheck(),
    save: () => void save(),
    checking: checkTimes.isPending,
    saving: create.isPending || checkTimes.isPending,
  };
}
