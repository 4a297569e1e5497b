import { screen, within } from '@testing-library/react';
import type { ClassesExamScores } from '@tutoria/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeTokens } from '@/lib/auth-storage';
import { loadClientConfig } from '@/lib/client-config';
import { testClientConfig } from '../../../../test/client-config';
import { renderInApp } from '../../../../test/render';
import { ExamScoresReport, examScoresQueryOf } from './exam-scores-report';

const answer: ClassesExamScores = {
  classes: [
    {
      classroomId: '11111111-1111-4111-8111-111111111111',
      classroomName: 'Algebra',
      teacherName: 'Teacher Tina',
      level: 'A_LEVEL',
      lessonType: 'A_LEVEL_Offline',
      average: 71.67,
      examCount: 6,
      studentCount: 2,
      exams: [
        { examType: 'NameExam', examName: 'Mathematics', average: 71.67, examCount: 3, studentCount: 2 },
        { examType: 'SubTitleExam', examName: null, average: 55, examCount: 1, studentCount: 1 },
      ],
    },
  ],
};
let asked: string[] = [];

beforeAll(async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const address = String(url);
      const report = address.includes('getClassesAverageExamsScore');
      if (report) asked.push(address);
      return new Response(JSON.stringify(report ? answer : testClientConfig()), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  await loadClientConfig();
});
afterAll(() => vi.unstubAllGlobals());
beforeEach(() => {
  asked = [];
  storeTokens({ access_token: 'access', refresh_token: 'refresh', expires_in: 3600 });
});

describe('the exam scores report (issue 29)', () => {
  it('reads its filters from the URL, leaving out wrong values', () => {
    const query = examScoresQueryOf(
      new URLSearchParams(
        'from=2026-01-01&to=2026-03-31&examType=NameExam&level=IELTS&lessonType=Knitting&class=c1&teacher=t1&examsNames=A,B',
      ),
    );
    expect(query).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
      examType: 'NameExam',
      level: 'IELTS',
      classroomId: 'c1',
      teacherPublicKey: 't1',
      examsNames: 'A,B',
    });
    const fallback = examScoresQueryOf(new URLSearchParams('from=1%2F1%2F2026&examType=Pending'));
    expect(fallback.examType).toBe('Total');
    expect(fallback.from).toBe(`${new Date().getFullYear()}-01-01`);
  });

  it('asks for the URL’s period and shows a class line and its exam lines', async () => {
    renderInApp(<ExamScoresReport />, {
      url: '/admin/panel/reports/exam-scores?from=2026-01-01&to=2026-03-31',
    });
    // The file's first render loads the page's modules: more than the default second on a busy machine.
    const table = await screen.findByTestId('exam-scores-table', undefined, { timeout: 15_000 });
    expect(asked[0]).toContain('from=2026-01-01');
    expect(asked[0]).toContain('to=2026-03-31');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual([
      'All exams',
      'Lesson exam · Mathematics',
      'Subtitle exam · whole session',
    ]);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Algebra', 'All exams', 'Teacher Tina', '71.67', '6', '2']);
  }, 20_000);
});
