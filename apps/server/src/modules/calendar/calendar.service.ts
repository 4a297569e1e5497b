import { sql } from 'drizzle-orm';
import { formatMessage, type Language, permissionsOf, type Role } from '@tutoria/shared';
import { reachableTeachers } from '../../access/reach.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import { toEpoch } from '../../lib/time.ts';
import type { ModuleContext } from '../module.ts';
import * as repo from './calendar.repo.ts';
import { type CalendarEvent, writeCalendar } from './ical.ts';

const WEEK_MS = 7 * 24 * 3600 * 1000;
/** The feed's window (docs/decisions.md "Calendar feeds"): 8 weeks back, 26 weeks (6 months) ahead. */
export const FEED_WEEKS_BACK = 8;
export const FEED_WEEKS_AHEAD = 26;

const TEACHING_ROLES: readonly string[] = ['Teacher', 'AssistantTeacher'];
/** A token as it appears in a feed's address: 32 bytes, base64url, no padding. */
const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;
/** Only a plain web address becomes the event's URL; anything else stays in its description. */
const WEB_LINK = /^https?:\/\/[^\s"<>\\^`{|}]+$/i;

/** Who the holder of a feed is today, as the reach policy sees a signed-in user. */
function holderAsUser(person: repo.FeedPerson): SessionUser {
  const role = person.role as Role;
  return {
    publicKey: person.publicKey,
    sessionId: '',
    role,
    fullName: person.fullName,
    isAdmin: role !== 'Student',
    permissions: permissionsOf(role, person.extraPermissions),
  };
}

/**
 * Calendar feeds (issue 29). A holder's own feed needs `calendar.readOwn`; a teacher's feed for
 * staff needs `timetable.readAll` and the teacher in the holder's reach (`reachableTeachers`),
 * checked again on every fetch: a holder disabled, or out of reach since, gets not found.
 */
export function createCalendarService(ctx: ModuleContext) {
  const { db } = ctx;

  async function newAddress(holder: SessionUser, subjectKey: string, language: Language, origin: string) {
    const token = randomToken();
    const createdAt = await ctx.transaction((tx) =>
      repo.replaceToken(tx, { tokenHash: sha256(token), holderKey: holder.publicKey, subjectKey, language }),
    );
    return {
      url: `${origin}/api/v1/calendar/feed/${token}.ics`,
      createdAt: toEpoch(createdAt),
    };
  }

  return {
    async mine(user: SessionUser) {
      const madeAt = await repo.feedMadeAt(db, user.publicKey, user.publicKey);
      return { active: madeAt !== undefined, createdAt: madeAt ? toEpoch(madeAt) : null };
    },

    resetMine(user: SessionUser, language: Language, origin: string) {
      return newAddress(user, user.publicKey, language, origin);
    },

    async teacherFeed(user: SessionUser, teacherKey: string, language: Language, origin: string) {
      const teacher = await repo.findPerson(
        db,
        teacherKey,
        reachableTeachers(user, sql`${teacherKey}::uuid`),
      );
      if (!teacher || !TEACHING_ROLES.includes(teacher.role)) throw notFound();
      return newAddress(user, teacher.publicKey, language, origin);
    },

    /** The iCalendar text of a feed; not found for a malformed, unknown or replaced token. */
    async feed(file: string, now = new Date()) {
      const token = FEED_FILE.exec(file)?.[1];
      const row = token ? await repo.tokenByHash(db, sha256(token)) : undefined;
      if (!row) throw new AppError('FETCH_DATA_FAILED');
      const [holder, subject] = await Promise.all([
        repo.findPerson(db, row.holderKey),
        repo.findPerson(db, row.subjectKey),
      ]);
      if (!holder || !subject || holder.status !== 'active' || subject.status !== 'active') throw notFound();
      const asUser = holderAsUser(holder);
      if (row.holderKey === row.subjectKey) {
        if (!asUser.permissions.has('calendar.readOwn')) throw notFound();
      } else {
        const reach = reachableTeachers(asUser, sql`${subject.publicKey}::uuid`);
        const reached = await repo.findPerson(db, subject.publicKey, reach);
        if (!asUser.permissions.has('timetable.readAll') || !reached) throw notFound();
      }
      const language = row.language as Language;
      const sessions = await repo.sessionsOf(
        db,
        { publicKey: subject.publicKey, student: subject.role === 'Student' },
        {
          from: new Date(now.getTime() - FEED_WEEKS_BACK * WEEK_MS),
          to: new Date(now.getTime() + FEED_WEEKS_AHEAD * WEEK_MS),
        },
      );
      const events: CalendarEvent[] = sessions.map((s) => {
        const link = s.meetingLink?.trim() || null;
        return {
          uid: `${s.sessionId}@tutoria`,
          start: new Date(s.startAt),
          end: new Date(s.endAt),
          summary: s.classroomName,
          location: s.room ?? link,
          url: link && WEB_LINK.test(link) ? link : null,
          description: link ? formatMessage(language, 'calendarFeedOnline', { link }) : null,
          cancelled: !s.live,
        };
      });
      return writeCalendar({ name: `${subject.fullName} · Tutoria`, stamp: now, events });
    },
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;
