import { act, screen } from '@testing-library/react';
import type { ClassroomDetails } from '@tutoria/shared';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { setClientConfig } from '@/lib/client-config';
import { testClientConfig } from '../../../../../test/client-config';
import { renderInApp } from '../../../../../test/render';
import type { ClassActions } from '../../hooks/use-class-actions';
import { ClassFacts } from './class-facts';

const details = (overrides: Partial<ClassroomDetails>): ClassroomDetails => ({
  classroomId: '00000000-0000-4000-8000-000000000001',
  classroomName: 'IELTS speaking',
  classroomLevel: 'GCSE',
  classroomType: 'Private',
  classroomNumber: null,
  meetingLink: 'https://meet.example.com/ielts-7',
  lessonType: 'IELTS_Online',
  baseType: 'IELTS',
  state: 'Active',
  archived: false,
  teacher: { teacherPublicKey: '00000000-0000-4000-8000-000000000002', teacherName: 'Tina Teacher' },
  assistantTeacher: null,
  students: [],
  lessons: [],
  specifications: [],
  times: [],
  financialState: 'none',
  createMoment: 1_795_000_000,
  ...overrides,
});

const actions = {} as ClassActions;

// Dates are shown in the centre's time zone, from the start-up config.
setClientConfig(testClientConfig());

afterEach(() => i18next.changeLanguage('en'));

describe('the class facts', () => {
  it("show an online class's meeting link, opening in a new tab, in both languages", async () => {
    renderInApp(<ClassFacts details={details({})} manage={false} actions={actions} />);
    const link = screen.getByRole('link', { name: 'Join the lesson' });
    expect(link.getAttribute('href')).toBe('https://meet.example.com/ielts-7');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getByText('Meeting link')).toBeDefined();
    await act(() => i18next.changeLanguage('zh'));
    expect(screen.getByRole('link', { name: '进入课堂' })).toBeDefined();
  });

  it('say an online class has no link yet, and show none for a class in a room', () => {
    const { unmount } = renderInApp(
      <ClassFacts details={details({ meetingLink: null })} manage={false} actions={actions} />,
    );
    expect(screen.getByText('No meeting link yet')).toBeDefined();
    unmount();
    renderInApp(
      <ClassFacts
        details={details({ lessonType: 'IELTS_Offline', classroomNumber: 'R12', meetingLink: null })}
        manage={false}
        actions={actions}
      />,
    );
    expect(screen.queryByText('Meeting link')).toBeNull();
    expect(screen.getByText('R12')).toBeDefined();
  });
});
