import { Button, TextInput } from '@mantine/core';
import { act, fireEvent, screen } from '@testing-library/react';
import { createClassroomBody, loginBody } from '@tutoria/shared';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { renderInApp } from '../../test/render';
import { type SchemaForm, useSchemaForm } from './use-schema-form';

type LoginValues = { userName: string; password: string };
let form: SchemaForm<LoginValues>;

function LoginProbe() {
  form = useSchemaForm(loginBody, { userName: '', password: '' });
  return (
    <form noValidate onSubmit={form.onSubmit(() => undefined)}>
      <TextInput label="User name" key={form.key('userName')} {...form.getInputProps('userName')} />
      <TextInput label="Password" key={form.key('password')} {...form.getInputProps('password')} />
      <Button type="submit">Sign in</Button>
    </form>
  );
}

const errorOf = (label: string) => {
  const input = screen.getByLabelText(label);
  return document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;
};

describe('useSchemaForm', () => {
  it("shows SPEC §5's texts under the fields, re-worded when the language changes", async () => {
    renderInApp(<LoginProbe />);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('User name can not be empty.')).toBeDefined();
    expect(errorOf('Password')).toBe('Password can not be empty.');

    await act(() => i18next.changeLanguage('zh'));
    expect(await screen.findByText('用户名不能为空。')).toBeDefined();
    expect(errorOf('Password')).toBe('密码不能为空。');

    // A field typed in since is valid again; only what is still wrong stays.
    fireEvent.change(screen.getByLabelText('User name'), { target: { value: 'mia' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await act(() => i18next.changeLanguage('en'));
    expect(form.errors).toEqual({ password: 'Password can not be empty.' });
  });

  it("puts the server's field errors (FAILED_VALIDATION details) under their fields", async () => {
    renderInApp(<LoginProbe />);
    const refused = new ApiError('Validation failed', 'FAILED_VALIDATION', 400, [
      { field: 'userName', message: 'User name "mia" has already been taken.' },
      { field: 'userName', message: 'A second text for the same field is not shown.' },
    ]);
    act(() => expect(form.setServerErrors(refused)).toBe(true));
    expect(await screen.findByText('User name "mia" has already been taken.')).toBeDefined();
    expect(form.errors).toEqual({
      userName: 'User name "mia" has already been taken.',
      form: 'Validation failed',
    });
    // A failure of no one field (a network error, a conflict) is the form's own.
    act(() => expect(form.setServerErrors(new ApiError('Offline', 'NETWORK_ERROR', 0))).toBe(false));
    expect(form.errors).toEqual({ form: 'Offline' });
  });
});

describe('useSchemaForm, one step of a form in steps', () => {
  const initial = {
    studentsPublicKey: [] as string[],
    teacherPublicKey: '',
    lessons: [{ lessonName: '', lessonLevel: 'GCSE', teachingLessonTimeInHour: '1' }],
    classroomName: '',
    classroomLevel: '',
    classroomType: 'OneToOne',
    lessonType: 'GCSE_Offline',
    times: [] as { start: number; end: number }[],
  };
  let wizard: SchemaForm<typeof initial>;
  function WizardProbe() {
    wizard = useSchemaForm(createClassroomBody, initial, { mode: 'controlled' });
    return null;
  }

  it('shows only the errors of the step’s fields, and the fields under them', () => {
    renderInApp(<WizardProbe />);
    let found = {};
    act(() => {
      found = wizard.validateFields(['lessons']);
    });
    expect(found).toEqual({ 'lessons.0.lessonName': 'Lesson name can not be empty.' });
    expect(wizard.errors).toEqual(found);

    act(() => {
      found = wizard.validateFields(['studentsPublicKey']);
    });
    expect(found).toEqual({ studentsPublicKey: 'Please select a student' });
    // The other step's errors stay until that step is checked again.
    expect(Object.keys(wizard.errors).sort()).toEqual(['lessons.0.lessonName', 'studentsPublicKey']);

    act(() => wizard.setFieldValue('studentsPublicKey', ['8d7f0b0e-4a5e-4d3c-9a51-5f0c2b1e6d11']));
    act(() => {
      found = wizard.validateFields(['studentsPublicKey']);
    });
    expect(found).toEqual({});
    expect(Object.keys(wizard.errors)).toEqual(['lessons.0.lessonName']);
  });
});
