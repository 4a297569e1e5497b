import type { StudentWeekSession } from '@tutoria/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Text } from '@mantine/core';
import { useNavigate } from 'react-router';
import { type CalendarView, ScheduleCalendar } from '@/features/schedule';
import { readableOn } from '@/lib/colours';
import { fromEpoch, inCentre } from '@/lib/time';
import { useStudentWeek } from '../api/student-page';
import { thisWeek, type WeekRange, weekOf } from '../lib/week';
import { PageSection } from './page-section';

/** Day and week only: the section asks for one week at a time (the server answers 31 days at most). */
const VIEWS: readonly CalendarView[] = ['timeGridDay', 'timeGridWeek'];
const DAY_HOURS = { from: 8, to: 18 };

interface StudentWeekProps {
  studentKey: string | null;
  fullName: string;
  /** Where a session leads (its class, or the student's report of it), or null. */
  sessionLink: (session: StudentWeekSession) => string | null;
}

/** The hours the grid shows: a working day, 08:00–18:00, widened to every session of the week. */
function gridHours(sessions: readonly StudentWeekSession[]) {
  let from = DAY_HOURS.from;
  let to = DAY_HOURS.to;
  for (const s of sessions) {
    const start = inCentre(s.start);
    const end = inCentre(s.end);
    from = Math.min(from, start.hour());
    to = Math.max(to, end.minute() > 0 ? end.hour() + 1 : end.hour(), end.date() !== start.date() ? 24 : 0);
  }
  const hh = (h: number) => `${String(h).padStart(2, '0')}:00:00`;
  return { from: hh(from), to: hh(Math.min(to, 24)) };
}

/**
 * The student's timetable (issue 31): the schedule's calendar with their sessions in the classes
 * the caller reaches, a week at a time (previous and next from its toolbar; a phone opens on the
 * day). This week's is asked for by the route's loader, beside the overview.
 */
export function StudentWeek({ studentKey, fullName, sessionLink }: StudentWeekProps) {
  const { t } = useTranslation('students');
  const navigate = useNavigate();
  const [week, setWeek] = useState<WeekRange>(thisWeek);
  const { data } = useStudentWeek(studentKey, week);
  const sessions = useMemo(() => data?.data ?? [], [data]);
  const events = useMemo(
    () =>
      sessions.map((s) => ({
        id: s.sessionId,
        title: s.classroomName,
        start: fromEpoch(s.start),
        end: fromEpoch(s.end),
        color: readableOn(s.displayColour).background,
        contrastColor: readableOn(s.displayColour).color,
        url: sessionLink(s) ?? undefined,
        extendedProps: { session: s },
      })),
    [sessions, sessionLink],
  );
  const onRangeChange = (range: { start: number }) => {
    const next = weekOf(range.start);
    setWeek((current) => (current.from === next.from ? current : next));
  };
  return (
    <PageSection id="week" title={t('week.title')}>
      {data && sessions.length === 0 ? (
        <Text c="dimmed" size="sm" mb="sm">
          {t('week.none')}
        </Text>
      ) : null}
      <ScheduleCalendar
        events={events}
        views={VIEWS}
        headingLevel={3}
        hours={gridHours(sessions)}
        ariaLabel={t('week.calendar', { name: fullName })}
        onRangeChange={onRangeChange}
        onEventClick={(id) => {
          const session = sessions.find((s) => s.sessionId === id);
          const to = session && sessionLink(session);
          if (to) void navigate(to);
        }}
        renderEvent={(event) => {
          const session = (event.extendedProps as { session?: StudentWeekSession }).session;
          if (!session) return null;
          // Teacher and room on one line: a 90-minute session has room for four.
          const place = [
            session.teacher?.fullName,
            session.classroomNumber ? t('week.room', { room: session.classroomNumber }) : null,
          ]
            .filter(Boolean)
            .join(' · ');
          return (
            <div className="tutoria-event" data-testid="student-session">
              <span className="tutoria-event-title">{event.timeText}</span>
              <span className="tutoria-event-line">{session.classroomName}</span>
              {place ? <span className="tutoria-event-line">{place}</span> : null}
              <span className="tutoria-event-session">
                {session.presence ? t(`week.${session.presence}`) : t(`week.states.${session.displayState}`)}
              </span>
            </div>
          );
        }}
      />
    </PageSection>
  );
}
