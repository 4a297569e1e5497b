import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import {
  Alert,
  Autocomplete,
  Button,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  type BaseType,
  type BookingConflict,
  type ClassroomDetails,
  type ClassroomType,
  classroomTypes,
  type LessonType,
  lessonTypeLabel,
  lessonTypes,
  levelLabels,
  levels,
} from '@tutoria/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { href } from '@/lib/paths';
import { ApiError } from '@/lib/api-client';
import { currentLanguage } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notify';
import { useCheckTimes, useClassMutation, useClassNumbers } from '../api/classes';
import { CoursesSelect } from './courses-select';
import { emptyLesson, type LessonDraft, LessonsEditor, toLessonInput } from './lessons-editor';
import { PeopleSelect, PersonSelect } from './person-select';
import { type ProposedTime, SessionPicker, type TimeCheck } from './session-picker';

export type ClassDialog = 'edit' | 'students' | 'lesson' | 'courses' | 'times' | 'destroy';

export function ClassModal({
  dialog,
  details,
  onClose,
}: {
  dialog: ClassDialog | null;
  details: ClassroomDetails;
  onClose: () => void;
}) {
  const { t } = useTranslation('classes');
  const sizes: Record<ClassDialog, string> = {
    edit: 'lg',
    students: 'md',
    lesson: 'xl',
    courses: 'md',
    times: '90rem',
    destroy: 'md',
  };
  return (
    <Modal
      opened={dialog !== null}
      onClose={onClose}
      title={dialog ? t(`details.dialogs.${dialog}`) : ''}
      centered
      size={dialog ? sizes[dialog] : 'md'}
    >
      {dialog === 'edit' ? <EditClassForm details={details} onDone={onClose} /> : null}
      {dialog === 'students' ? <AddStudentsForm details={details} onDone={onClose} /> : null}
      {dialog === 'lesson' ? <AddLessonForm details={details} onDone={onClose} /> : null}
      {dialog === 'courses' ? <AddCoursesForm details={details} onDone={onClose} /> : null}
      {dialog === 'times' ? <AddTimesForm details={details} onDone={onClose} /> : null}
      {dialog === 'destroy' ? <DestroyForm details={details} onDone={onClose} /> : null}
    </Modal>
  );
}

function useDone(onDone: () => void) {
  return (result: { message: string }) => {
    notifySuccess(result.message);
    onDone();
  };
}

function Buttons({
  onCancel,
  loading,
  label,
  color,
  disabled,
  onClick,
}: {
  onCancel: () => void;
  loading: boolean;
  label: string;
  color?: string;
  disabled?: boolean;
  onClick: () => void;
}) {
  const { t } = useTranslation('classes');
  return (
    <Group justify="flex-end" mt="md">
      <Button variant="default" onClick={onCancel}>
        {t('actions.cancel')}
      </Button>
      <Button color={color} loading={loading} disabled={disabled} onClick={onClick}>
        {label}
      </Button>
    </Group>
  );
}

function EditClassForm({ details, onDone }: { details: ClassroomDetails; onDone: () => void }) {
  const { t } = useTranslation('classes');
  const language = currentLanguage();
  const edit = useClassMutation('edit');
  const numbers = useClassNumbers();
  const done = useDone(onDone);
  const [values, setValues] = useState({
    classroomName: details.classroomName,
    classroomLevel: details.classroomLevel,
    classroomType: details.classroomType as ClassroomType,
    lessonType: details.lessonType as LessonType,
    classroomNumber: details.classroomNumber ?? '',
    assistant: details.assistantTeacher?.publicKey ?? null,
  });
  const online = values.lessonType.endsWith('_Online');
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('create.name')}
          value={values.classroomName}
          onChange={(e) => setValues({ ...values, classroomName: e.currentTarget.value })}
          withAsterisk
        />
        <Select
          label={t('create.level')}
          data={levels.map((v) => ({ value: v, label: levelLabels[v][language] }))}
          value={values.classroomLevel}
          onChange={(v) => setValues({ ...values, classroomLevel: v ?? values.classroomLevel })}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={t('create.type')}
          data={classroomTypes.map((v) => ({ value: v, label: t(`classTypes.${v}`) }))}
          value={values.classroomType}
          onChange={(v) =>
            setValues({ ...values, classroomType: (v ?? values.classroomType) as ClassroomType })
          }
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={t('create.lessonType')}
          data={lessonTypes.map((v) => ({ value: v, label: lessonTypeLabel(v, language) }))}
          value={values.lessonType}
          onChange={(v) => setValues({ ...values, lessonType: (v ?? values.lessonType) as LessonType })}
          searchable
          comboboxProps={{ withinPortal: true }}
        />
        <Autocomplete
          label={t('create.room')}
          data={numbers.data?.data ?? []}
          value={online ? '' : values.classroomNumber}
          disabled={online}
          onChange={(v) => setValues({ ...values, classroomNumber: v })}
          comboboxProps={{ withinPortal: true }}
        />
        <PersonSelect
          role="AssistantTeacher"
          label={t('create.assistant')}
          placeholder={t('create.optional')}
          value={values.assistant}
          onChange={(v) => setValues({ ...values, assistant: v })}
        />
      </SimpleGrid>
      <Buttons
        onCancel={onDone}
        loading={edit.isPending}
        label={t('actions.save')}
        onClick={() =>
          edit.mutate(
            {
              classroomId: details.classroomId,
              classroomName: values.classroomName,
              classroomLevel: values.classroomLevel,
              classroomType: values.classroomType,
              lessonType: values.lessonType,
              classroomNumber: online ? null : values.classroomNumber.trim() || null,
              assistantTeacherPublicKey: values.assistant,
            },
            { onSuccess: done },
          )
        }
      />
    </Stack>
  );
}

function AddStudentsForm({ details, onDone }: { details: ClassroomDetails; onDone: () => void }) {
  const { t } = useTranslation('classes');
  const add = useClassMutation('addStudents');
  const done = useDone(onDone);
  const [students, setStudents] = useState<string[]>([]);
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('details.addStudentsHint')}
      </Text>
      <PeopleSelect role="Student" label={t('create.students')} value={students} onChange={setStudents} />
      <Buttons
        onCancel={onDone}
        loading={add.isPending}
        label={t('actions.add')}
        disabled={!students.length}
        onClick={() =>
          add.mutate({ classroomId: details.classroomId, studentsPublicKey: students }, { onSuccess: done })
        }
      />
    </Stack>
  );
}

function AddLessonForm({ details, onDone }: { details: ClassroomDetails; onDone: () => void }) {
  const { t } = useTranslation('classes');
  const add = useClassMutation('editTimesAndLessons', { silent: true });
  const done = useDone(onDone);
  const [lessons, setLessons] = useState<LessonDraft[]>([emptyLesson()]);
  const [error, setError] = useState<string | null>(null);
  return (
    <Stack gap="sm">
      <LessonsEditor value={lessons} onChange={setLessons} />
      {error ? (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      ) : null}
      <Buttons
        onCancel={onDone}
        loading={add.isPending}
        label={t('actions.add')}
        disabled={!lessons.length}
        onClick={() =>
          add.mutate(
            { classroomId: details.classroomId, times: [], lessons: lessons.map(toLessonInput) },
            {
              onSuccess: done,
              onError: (e) =>
                setError(e instanceof ApiError ? (e.details[0]?.message ?? e.message) : String(e)),
            },
          )
        }
      />
    </Stack>
  );
}

function AddCoursesForm({ details, onDone }: { details: ClassroomDetails; onDone: () => void }) {
  const { t } = useTranslation('classes');
  const add = useClassMutation('addSpecifications');
  const done = useDone(onDone);
  const [courses, setCourses] = useState<string[]>([]);
  return (
    <Stack gap="sm">
      <CoursesSelect
        label={t('create.courses')}
        value={courses}
        onChange={setCourses}
        studentKeys={details.students.map((s) => s.studentPublicKey)}
        baseType={details.baseType as BaseType}
      />
      <Buttons
        onCancel={onDone}
        loading={add.isPending}
        label={t('actions.add')}
        disabled={!courses.length}
        onClick={() =>
          add.mutate({ classroomId: details.classroomId, specificationIds: courses }, { onSuccess: done })
        }
      />
    </Stack>
  );
}

/** More sessions for the class, picked like the wizard's, every clash checked before saving. */
function AddTimesForm({ details, onDone }: { details: ClassroomDetails; onDone: () => void }) {
  const { t } = useTranslation('classes');
  const add = useClassMutation('editTimesAndLessons', { silent: true });
  const checkTimes = useCheckTimes();
  const done = useDone(onDone);
  const [times, setTimes] = useState<ProposedTime[]>([]);
  const [check, setCheck] = useState<TimeCheck | null>(null);
  const [error, setError] = useState<string | null>(null);
  const sorted = [...times].sort((a, b) => a.start - b.start);
  const save = async () => {
    const result = await checkTimes.mutateAsync({
      teacherPublicKey: details.teacher.teacherPublicKey,
      studentsPublicKey: details.students.map((s) => s.studentPublicKey),
      classroomNumber: details.classroomNumber,
      classroomId: details.classroomId,
      times: sorted.map(({ start, end }) => ({ start, end })),
    });
    const conflicts: Record<string, BookingConflict[]> = {};
    result.times.forEach((r, i) => (conflicts[sorted[i]!.key] = r.conflicts));
    setCheck({ conflicts, checkedKeys: '' });
    if (result.conflictCount) return setError(t('create.conflicts', { count: result.conflictCount }));
    add.mutate(
      {
        classroomId: details.classroomId,
        times: sorted.map(({ start, end }) => ({ start, end })),
        lessons: [],
      },
      { onSuccess: done, onError: (e) => setError(e instanceof ApiError ? e.message : String(e)) },
    );
  };
  return (
    <Stack gap="sm">
      <SessionPicker
        teacher={{ publicKey: details.teacher.teacherPublicKey, name: details.teacher.teacherName }}
        studentKeys={details.students.map((s) => s.studentPublicKey)}
        room={details.classroomNumber}
        exceptClassroomId={details.classroomId}
        value={times}
        onChange={(v) => {
          setTimes(v);
          setCheck(null);
          setError(null);
        }}
        check={check}
        error={error}
      />
      <Buttons
        onCancel={onDone}
        loading={add.isPending || checkTimes.isPending}
        label={t('details.saveTimes')}
        disabled={!times.length}
        onClick={() => void save()}
      />
    </Stack>
  );
}

/** Destroy (Admin): the class name must be typed, as the server also checks. */
function DestroyForm({ details, onDone }: { details: ClassroomDetails; onDone: () => void }) {
  const { t } = useTranslation('classes');
  const navigate = useNavigate();
  const destroy = useClassMutation('destroy');
  const [typed, setTyped] = useState('');
  return (
    <Stack gap="sm">
      <Alert color="red" variant="light">
        {t('details.destroyWarning')}
      </Alert>
      <TextInput
        label={t('details.destroyType', { name: details.classroomName })}
        value={typed}
        onChange={(e) => setTyped(e.currentTarget.value)}
        data-autofocus
      />
      <Buttons
        onCancel={onDone}
        loading={destroy.isPending}
        color="red"
        label={t('details.destroy')}
        disabled={typed.trim() !== details.classroomName.trim()}
        onClick={() =>
          destroy.mutate(
            { classroomId: details.classroomId, confirmation: typed },
            {
              onSuccess: (result) => {
                notifySuccess(result.message);
                onDone();
                navigate(href('classTable'));
              },
            },
          )
        }
      />
    </Stack>
  );
}
