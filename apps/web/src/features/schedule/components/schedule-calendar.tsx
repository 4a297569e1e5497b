import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import './schedule-calendar.css';
import FullCalendar, { type CalendarRef, type EventInput } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import classicTheme from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import { useMantineTheme } from '@mantine/core';
import { slotColours } from '@tutoria/shared';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { calendarLocale } from '@/lib/calendar-locale';
import { currentLanguage } from '@/lib/i18n';
import { centreZone, toEpoch } from '@/lib/time';

export interface CalendarMove {
  id: string;
  start: number;
  end: number;
  revert: () => void;
}

interface ScheduleCalendarProps {
  events: EventInput[];
  onRangeChange: (range: { start: number; end: number }) => void;
  selectable?: boolean;
  onSelect?: (range: { start: number; end: number }) => void;
  onMove?: (move: CalendarMove) => void;
  onEventClick?: (id: string) => void;
  renderEvent?: (event: {
    id: string;
    title: string;
    extendedProps: Record<string, unknown>;
    timeText: string;
  }) => ReactNode;
  initialDate?: Date;
  /** Earliest and latest hour shown in the time grid. */
  hours?: { from: string; to: string };
  ariaLabel?: string;
  /** Jump to this day (YYYY-MM-DD) whenever it changes. */
  goTo?: string | null;
  /** The views offered (a student's week: day and week, never a month). */
  views?: readonly CalendarView[];
  /** The level of the toolbar's title heading: 2 under a page's h1, deeper inside a section of one. */
  headingLevel?: number;
}

export type CalendarView = 'timeGridDay' | 'timeGridWeek' | 'dayGridMonth';
const ALL_VIEWS: readonly CalendarView[] = ['timeGridDay', 'timeGridWeek', 'dayGridMonth'];

const PLUGINS = [classicTheme, dayGridPlugin, timeGridPlugin, interactionPlugin];

interface WallClock {
  hour: number;
  minute: number;
}
const clock = ({ hour, minute }: WallClock) => `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;

/**
 * An event's time, "09:00–10:30" as FullCalendar's own format reads in both languages, from the
 * wall-clock parts it already has: its formatter asks `Intl` for every event (≈ 0.1 ms each).
 */
const eventTime = ({ start, end }: { start: WallClock; end?: WallClock | null }) =>
  end ? `${clock(start)}–${clock(end)}` : clock(start);

/**
 * FullCalendar 7 (week / day / month) in the centre's time zone and the UI language. Selecting a
 * range, dragging and resizing are offered when the caller handles them; a phone opens on the day view.
 */
export function ScheduleCalendar({
  events,
  onRangeChange,
  selectable,
  onSelect,
  onMove,
  onEventClick,
  renderEvent,
  initialDate,
  hours = { from: '07:00:00', to: '22:00:00' },
  ariaLabel,
  goTo,
  views = ALL_VIEWS,
  headingLevel = 2,
}: ScheduleCalendarProps) {
  const { t } = useTranslation('schedule');
  const theme = useMantineTheme();
  const phone = useMediaQuery(`(max-width: ${theme.breakpoints.sm})`, false, {
    getInitialValueInEffect: false,
  });
  const ref = useRef<CalendarRef>(null);
  const language = currentLanguage();
  useEffect(() => {
    if (goTo) ref.current?.getApi().gotoDate(goTo);
  }, [goTo]);

  const move = (info: {
    event: { id: string; start: Date | null; end: Date | null };
    revert: () => void;
  }) => {
    if (!onMove || !info.event.start || !info.event.end) return info.revert();
    onMove({
      id: info.event.id,
      start: toEpoch(info.event.start),
      end: toEpoch(info.event.end),
      revert: info.revert,
    });
  };

  return (
    <div className="tutoria-calendar" aria-label={ariaLabel} role="region">
      <FullCalendar
        ref={ref}
        plugins={PLUGINS}
        timeZone={centreZone()}
        locale={calendarLocale(language)}
        firstDay={1}
        headingLevel={headingLevel}
        initialView={phone ? 'timeGridDay' : 'timeGridWeek'}
        initialDate={initialDate}
        headerToolbar={
          phone
            ? { start: 'prev,next', center: 'title', end: views.join(',') }
            : { start: 'prev,next today', center: 'title', end: views.join(',') }
        }
        buttons={{
          // Named as it reads (WCAG 2.5.3): FullCalendar's own hint says "This week" beside "Today".
          today: { text: t('views.today'), hint: t('views.today') },
          timeGridDay: { text: t('views.day') },
          timeGridWeek: { text: t('views.week') },
          dayGridMonth: { text: t('views.month') },
        }}
        height="auto"
        allDaySlot={false}
        slotMinTime={hours.from}
        slotMaxTime={hours.to}
        slotDuration="00:30:00"
        // Each slot its height from the first frame: FullCalendar sizes the slots once it has
        // measured their labels, and until then the unlabelled half hours were 0 px tall, so the
        // grid doubled in height as it appeared (issue 30; schedule-calendar.css).
        slotHeaderClass="tutoria-slot"
        slotLaneClass="tutoria-slot"
        snapDuration="00:15:00"
        nowIndicator
        expandRows
        eventMinHeight={22}
        eventTimeFormat={eventTime}
        dayMaxEvents={4}
        eventMaxStack={4}
        selectable={selectable}
        selectMirror
        unselectAuto
        editable={Boolean(onMove)}
        eventOverlap
        eventColor={slotColours.new}
        eventContrastColor="#1b1f24"
        events={events}
        datesSet={(info) => onRangeChange({ start: toEpoch(info.start), end: toEpoch(info.end) })}
        select={(info) => {
          ref.current?.getApi().unselect();
          onSelect?.({ start: toEpoch(info.start), end: toEpoch(info.end) });
        }}
        eventDrop={move}
        eventResize={move}
        eventClick={(info) => {
          info.jsEvent.preventDefault();
          if (info.event.display !== 'background') onEventClick?.(info.event.id);
        }}
        eventContent={
          renderEvent
            ? (info) =>
                renderEvent({
                  id: info.event.id,
                  title: info.event.title,
                  extendedProps: info.event.extendedProps,
                  timeText: info.timeText,
                })
            : undefined
        }
      />
    </div>
  );
}
