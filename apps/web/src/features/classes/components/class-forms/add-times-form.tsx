import { Stack } from '@mantine/core';
import { type ClassroomDetails, editTimesAndLessonsBody } from '@tutoria/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bodySchema, useSchemaForm } from '@/hooks/use-schema-form';
import { savedThen } from '@/lib/notify';
import { useCheckTimes, useClassMutation } from '../../api/classes';
import { FormButtons } from '../form-buttons';
import { conflictsOf, inOrder, type ProposedTime, type TimeCheck } from '../../lib/proposed-times';
import { SessionPicker } from '../session-picker/session-picker';

/** More sessions for the class, picked like the wizard's, every clash checked before saving. */
export function AddTimesForm({ details, onDone }: { details: ClassroomDetails; onDone: () => void }) {
  const { t } = useTranslation('classes');
  const add = useClassMutation('editTimesAndLessons', { silent: true });
  const checkTimes = useCheckTimes();
  const [check, setCheck] = useState<TimeCheck | null>(null);
  const schema = useMemo(
    () =>
      bodySchema(editTimesAndLessonsBody, (values: { times: ProposedTime[] }) => ({
        classroomId: details.classroomId,
        times: inOrder(values.times),
        lessons: [],
      })),
    [details.classroomId],
  );
  const form = useSchemaForm(schema, { times: [] as ProposedTime[] }, { mode: 'controlled' });
  const students = details.students.flatMap((s) => s.studentPublicKey ?? []);

  const save = async (values: { times: ProposedTime[] }) => {
    const result = await checkTimes.mutateAsync({
      teacherPublicKey: details.teacher.teacherPublicKey,
      studentsPublicKey: students,
      classroomNumber: details.classroomNumber,
      classroomId: details.classroomId,
      times: inOrder(values.times),
    });
    setCheck({ conflicts: conflictsOf(values.times, result) });
    if (result.conflictCount) {
      form.setErrors({ form: t('create.conflicts', { count: result.conflictCount }) });
      return;
    }
    add.mutate(schema.parse(values), { onSuccess: savedThen(onDone), onError: form.setServerErrors });
  };

  const { times } = form.getValues();
  return (
    <form noValidate onSubmit={form.onSubmit((values) => void save(values))}>
      <Stack gap="sm">
        <SessionPicker
          teacher={{ publicKey: details.teacher.teacherPublicKey, name: details.teacher.teacherName }}
          studentKeys={students}
          room={details.classroomNumber}
          exceptClassroomId={details.classroomId}
          value={times}
          onChange={(value) => {
            form.setFieldValue('times', value);
            form.clearErrors();
            setCheck(null);
          }}
          check={check}
          error={Object.values(form.errors)[0]}
        />
        <FormButtons
          onCancel={onDone}
          loading={add.isPending || checkTimes.isPending}
          label={t('details.saveTimes')}
          disabled={!times.length}
        />
      </Stack>
    </form>
  );
}
