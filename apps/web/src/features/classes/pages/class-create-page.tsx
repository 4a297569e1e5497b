import '@mantine/core/styles/Stepper.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import {
  Alert,
  Autocomplete,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Stepper,
  Text,
  TextInput,
  useMantineTheme,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  type BaseType,
  type BookingConflict,
  type ClassroomType,
  classroomTypes,
  createClassroomBody,
  type LessonType,
  lessonTypeLabel,
  lessonTypes,
  levelLabels,
  levels,
  zodErrorToFieldErrors,
} from '@tutoria/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { href } from '@/lib/paths';
import { PageHeader } from '@/components/page-header';
import { ApiError } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notify';
import { useCheckTimes, useClassMutation, useClassNumbers } from '../api/classes';
import { CoursesSelect } from '../components/courses-select';
import { type LessonDraft, LessonsEditor, toLessonInput } from '../components/lessons-editor';
import { PeopleSelect, type PersonOption, PersonSelect } from '../components/person-select';
import { type ProposedTime, SessionPicker, type TimeCheck } from '../components/session-picker';

const STEPS = ['students', 'teacher', 'lessons', 'details', 'times'] as const;

/**
 * `class/create` (SPEC §3, §5): students → teacher → lessons and courses → class details → sessions
 * from the teacher's available times. Each step says what is missing with the form texts; every
 * clash is listed before saving.
 */
export function ClassCreatePage() {
  const { t } = useTranslation(['classes', 'messages']);
  const language = currentLanguage();
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [students, setStudents] = useState<string[]>([]);
  const [studentOptions, setStudentOptions] = useState<PersonOption[]>([]);
  const [teacher, setTeacher] = useState<PersonOption | null>(null);
  const [assistant, setAssistant] = useState<string | null>(null);
  const [lessons, setLessons] = useState<LessonDraft[]>([]);
  const [courses, setCourses] = useState<string[]>([]);
  const [details, setDetails] = useState({
    classroomName: '',
    classroomLevel: null as string | null,
    classroomType: null as ClassroomType | null,
    lessonType: null as LessonType | null,
    classroomNumber: '',
  });
  const [times, setTimes] = useState<ProposedTime[]>([]);
  const [check, setCheck] = useState<TimeCheck | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [stepError, setStepError] = useState<string | null>(null);
  const numbers = useClassNumbers();
  const theme = useMantineTheme();
  const phone = useMediaQuery(`(max-width: ${theme.breakpoints.sm})`);
  const checkTimes = useCheckTimes();
  const create = useClassMutation('create', { silent: true });

  const baseType = (studentOptions.find((s) => s.baseType)?.baseType ?? null) as BaseType | null;
  const online = details.lessonType?.endsWith('_Online') ?? false;

  const body = () => ({
    studentsPublicKey: students,
    teacherPublicKey: teacher?.value ?? '',
    assistantTeacherPublicKey: assistant,
    lessons: lessons.map(toLessonInput),
    specificationIds: courses,
    classroomName: details.classroomName,
    classroomLevel: details.classroomLevel ?? '',
    classroomType: details.classroomType as ClassroomType,
    lessonType: details.lessonType as LessonType,
    classroomNumber: online ? null : details.classroomNumber.trim() || null,
    times: [...times].sort((a, b) => a.start - b.start).map(({ start, end }) => ({ start, end })),
  });

  /** The shared schema's texts for the fields of one step ('Please select a student', …). */
  const validateStep = (index: number): boolean => {
    const result = createClassroomBody.safeParse(body());
    const fieldsOf: Record<(typeof STEPS)[number], string[]> = {
      students: ['studentsPublicKey'],
      teacher: ['teacherPublicKey'],
      lessons: ['lessons', 'specificationIds'],
      details: ['classroomName', 'classroomLevel', 'classroomType', 'lessonType', 'classroomNumber'],
      times: ['times'],
    };
    const mine = result.success
      ? []
      : zodErrorToFieldErrors(result.error, language).filter((e) =>
          fieldsOf[STEPS[index]!].some((f) => e.field === f || e.field.startsWith(`${f}.`)),
        );
    setErrors(Object.fromEntries(mine.map((e) => [e.field, e.message])));
    setStepError(mine[0]?.message ?? null);
    return mine.length === 0;
  };

  const next = () => {
    if (validateStep(step)) setStep((s) => Math.min(s + 1, STEPS.length - 1));
  };

  const runCheck = async (): Promise<boolean> => {
    if (!teacher || !times.length) return validateStep(4);
    const sorted = [...times].sort((a, b) => a.start - b.start);
    const result = await checkTimes.mutateAsync({
      teacherPublicKey: teacher.value,
      studentsPublicKey: students,
      classroomNumber: online ? null : details.classroomNumber.trim() || null,
      times: sorted.map(({ start, end }) => ({ start, end })),
    });
    const conflicts: Record<string, BookingConflict[]> = {};
    result.times.forEach((r, i) => (conflicts[sorted[i]!.key] = r.conflicts));
    setCheck({ conflicts, checkedKeys: sorted.map((p) => `${p.start}-${p.end}`).join() });
    setStepError(result.conflictCount ? t('create.conflicts', { count: result.conflictCount }) : null);
    return result.conflictCount === 0;
  };

  const save = async () => {
    for (let i = 0; i < STEPS.length; i++) {
      if (!validateStep(i)) return setStep(i);
    }
    if (!(await runCheck())) return;
    create.mutate(body(), {
      onSuccess: (result) => {
        notifySuccess(result.message);
        navigate(href('classDetails', { id: String(result.classroomId) }));
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) return setStepError(String(error));
        setStepError(error.message);
        setErrors(Object.fromEntries(error.details.map((d) => [d.field, d.message])));
      },
    });
  };

  const updateTimes = (value: ProposedTime[]) => {
    setTimes(value);
    setCheck(null);
    setStepError(null);
  };

  return (
    <>
      <PageHeader title={t('create.title')} description={t('create.subtitle')} />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <Stepper
          active={step}
          onStepClick={(i) => (i < step ? setStep(i) : undefined)}
          size="sm"
          allowNextStepsSelect={false}
          wrap
        >
          <Stepper.Step
            label={phone ? undefined : t('create.steps.students')}
            description={phone ? undefined : t('create.steps.studentsHint')}
            aria-label={t('create.steps.students')}
          >
            <PeopleSelect
              role="Student"
              label={t('create.students')}
              placeholder={t('create.studentsPlaceholder')}
              value={students}
              onChange={(value, options) => {
                setStudents(value);
                setStudentOptions(options);
                setCheck(null);
              }}
              error={errors.studentsPublicKey}
              required
            />
          </Stepper.Step>
          <Stepper.Step
            label={phone ? undefined : t('create.steps.teacher')}
            description={phone ? undefined : t('create.steps.teacherHint')}
            aria-label={t('create.steps.teacher')}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <PersonSelect
                role="Teacher"
                label={t('create.teacher')}
                placeholder={t('create.teacherPlaceholder')}
                value={teacher?.value ?? null}
                onChange={(_value, option) => {
                  setTeacher(option);
                  setCheck(null);
                }}
                error={errors.teacherPublicKey}
                required
              />
              <PersonSelect
                role="AssistantTeacher"
                label={t('create.assistant')}
                placeholder={t('create.optional')}
                value={assistant}
                onChange={setAssistant}
              />
            </SimpleGrid>
          </Stepper.Step>
          <Stepper.Step
            label={phone ? undefined : t('create.steps.lessons')}
            description={phone ? undefined : t('create.steps.lessonsHint')}
            aria-label={t('create.steps.lessons')}
          >
            <Stack gap="md">
              <LessonsEditor value={lessons} onChange={setLessons} errors={errors} />
              <CoursesSelect
                label={t('create.courses')}
                value={courses}
                onChange={setCourses}
                studentKeys={students}
                baseType={baseType}
              />
            </Stack>
          </Stepper.Step>
          <Stepper.Step
            label={phone ? undefined : t('create.steps.details')}
            description={phone ? undefined : t('create.steps.detailsHint')}
            aria-label={t('create.steps.details')}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label={t('create.name')}
                placeholder={t('create.namePlaceholder')}
                value={details.classroomName}
                onChange={(e) => setDetails({ ...details, classroomName: e.currentTarget.value })}
                error={errors.classroomName}
                withAsterisk
              />
              <Select
                label={t('create.level')}
                data={levels.map((v) => ({ value: v, label: levelLabels[v][language] }))}
                value={details.classroomLevel}
                onChange={(v) => setDetails({ ...details, classroomLevel: v })}
                error={errors.classroomLevel}
                withAsterisk
                searchable
                comboboxProps={{ withinPortal: true }}
              />
              <Select
                label={t('create.type')}
                data={classroomTypes.map((v) => ({ value: v, label: t(`classTypes.${v}`) }))}
                value={details.classroomType}
                onChange={(v) => setDetails({ ...details, classroomType: v as ClassroomType | null })}
                error={errors.classroomType}
                withAsterisk
                comboboxProps={{ withinPortal: true }}
              />
              <Select
                label={t('create.lessonType')}
                data={lessonTypes.map((v) => ({ value: v, label: lessonTypeLabel(v, language) }))}
                value={details.lessonType}
                onChange={(v) => setDetails({ ...details, lessonType: v as LessonType | null })}
                error={errors.lessonType}
                withAsterisk
                searchable
                comboboxProps={{ withinPortal: true }}
              />
              <Autocomplete
                label={t('create.room')}
                description={online ? t('create.roomOnline') : t('create.roomHint')}
                data={numbers.data?.data ?? []}
                value={online ? '' : details.classroomNumber}
                onChange={(v) => setDetails({ ...details, classroomNumber: v })}
                disabled={online}
                error={errors.classroomNumber}
                comboboxProps={{ withinPortal: true }}
              />
            </SimpleGrid>
          </Stepper.Step>
          <Stepper.Step
            label={phone ? undefined : t('create.steps.times')}
            description={phone ? undefined : t('create.steps.timesHint')}
            aria-label={t('create.steps.times')}
          >
            <SessionPicker
              teacher={teacher ? { publicKey: teacher.value, name: teacher.label } : null}
              studentKeys={students}
              room={online ? null : details.classroomNumber.trim() || null}
              value={times}
              onChange={updateTimes}
              check={check}
            />
          </Stepper.Step>
        </Stepper>
        {stepError ? (
          <Alert mt="md" color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            {stepError}
          </Alert>
        ) : null}
        <Group justify="space-between" mt="lg">
          <Button variant="default" onClick={() => setStep((s) => Math.max(0, s - 1))} disabled={step === 0}>
            {t('create.back')}
          </Button>
          <Group gap="sm">
            {step === STEPS.length - 1 ? (
              <>
                <Button
                  variant="light"
                  onClick={() => void runCheck()}
                  loading={checkTimes.isPending}
                  disabled={!times.length}
                >
                  {t('create.check')}
                </Button>
                <Button onClick={() => void save()} loading={create.isPending || checkTimes.isPending}>
                  {t('create.save')}
                </Button>
              </>
            ) : (
              <Button onClick={next}>{t('create.next')}</Button>
            )}
          </Group>
        </Group>
        <Text size="xs" c="dimmed" mt="sm">
          {t('create.stepOf', { step: step + 1, total: STEPS.length })}
          {phone ? ` · ${t(`create.steps.${STEPS[step]!}`)}` : ''}
        </Text>
      </Paper>
    </>
  );
}
