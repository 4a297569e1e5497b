import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/Input.layer.css';
import { Checkbox, Paper, Stack, Textarea } from '@mantine/core';
import { type ClassroomDetails, type ClassSession, presenceBody } from '@tutoria/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { bodySchema, useSchemaForm } from '@/hooks/use-schema-form';
import { useClassMutation } from '../../api/classes';
import { FormButtons } from '../form-buttons';

interface PresenceRow {
  studentPublicKey: string;
  name: string;
  isPresent: boolean;
  feedback: string;
}

interface SessionFormProps {
  session: ClassSession;
  details: ClassroomDetails;
  onDone: () => void;
}

/** Presence and feedback per student (SPEC §3: present or absent flag, feedback). */
export function PresenceForm({ session, details, onDone }: SessionFormProps) {
  const { t } = useTranslation('classes');
  const save = useClassMutation('setPresence');
  const schema = useMemo(
    () =>
      bodySchema(presenceBody, (values: { presences: PresenceRow[] }) => ({
        sessionId: session.sessionId,
        presences: values.presences.map((row) => ({
          studentPublicKey: row.studentPublicKey,
          isPresent: row.isPresent,
          feedback: row.feedback || null,
        })),
      })),
    [session.sessionId],
  );
  const form = useSchemaForm(
    schema,
    {
      // Staff record presence and read every student's key (only a student's view hides classmates').
      presences: details.students.flatMap((student): PresenceRow[] => {
        if (!student.studentPublicKey) return [];
        const recorded = session.presences.find((p) => p.studentPublicKey === student.studentPublicKey);
        return [
          {
            studentPublicKey: student.studentPublicKey,
            name: student.studentName,
            isPresent: recorded?.isPresent ?? true,
            feedback: recorded?.feedback ?? '',
          },
        ];
      }),
    },
    { mode: 'controlled' },
  );
  const submit = form.onSave(save, (values) => schema.parse(values), onDone);
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        {form.getValues().presences.map((row, index) => (
          <Paper key={row.studentPublicKey} withBorder radius="md" p="sm">
            <Stack gap={6}>
              <Checkbox
                label={row.name}
                description={row.isPresent ? t('session.present') : t('session.absent')}
                {...form.getInputProps(`presences.${index}.isPresent`, { type: 'checkbox' })}
              />
              <Textarea
                aria-label={t('session.feedbackFor', { name: row.name })}
                placeholder={t('session.feedbackPlaceholder')}
                autosize
                minRows={1}
                maxRows={4}
                {...form.getInputProps(`presences.${index}.feedback`)}
              />
            </Stack>
          </Paper>
        ))}
        <FormButtons onCancel={onDone} loading={save.isPending} label={t('actions.save')} />
      </Stack>
    </form>
  );
}
