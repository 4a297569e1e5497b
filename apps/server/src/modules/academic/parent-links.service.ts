import { type Language, type MessageKey, type ParentLinkInput, parentLanguageParam } from '@tutoria/shared';
import { AppError, notFound } from '../../http/app-error.ts';
import type { SessionUser } from '../../http/fastify-types.ts';
import { randomToken, sha256 } from '../../lib/crypto.ts';
import type { ModuleContext } from '../module.ts';
import * as repo from './parent-links.repo.ts';
import { reportHead } from './session-report.repo.ts';
import { composeReport, reachedStudentSession } from './session-report.service.ts';

export type ParentLinksService = ReturnType<typeof createParentLinksService>;

const fail = (key: MessageKey) => new AppError('FAILED_VALIDATION', { text: { key } });

/** The browser's page for a link (SPEC §2), `?lang=` naming the language staff chose (issue 27). */
export const parentReportPath = (reportId: string, language?: Language | null) =>
  `/parent/report/${reportId}${language ? `?${parentLanguageParam}=${language}` : ''}`;

/**
 * A link that opens nothing says why, in the reader's language, and nothing more (issue 27): the
 * same 404 as any missing record, its text naming the case. Any unknown id gets the one answer.
 */
const deadLink = (key: 'parentLinkExpired' | 'parentLinkWithdrawn' | 'parentLinkNotValid') =>
  new AppError('FETCH_DATA_FAILED', { text: { key } });
const deadLinkKeys = { expired: 'parentLinkExpired', revoked: 'parentLinkWithdrawn' } as const;

/**
 * Parent report links (DESIGN §7 Parent report, issue 10): staff who reach a student in a class
 * make a link to the student's report of one held session; it opens without sign-in, read-only,
 * until `PARENT_LINK_DAYS` pass or it is revoked. The id is 256 random bits; only its SHA-256 is
 * stored, so the table alone opens nothing. Opening is rate-limited per address and counted.
 */
export function createParentLinksService({ db, transaction, config, store }: ModuleContext) {
  return {
    async create(user: SessionUser, body: ParentLinkInput) {
      const language = body.language ?? null;
      const reportId = randomToken();
      const expiresAt = new Date(Date.now() + config.parentLinks.days * 86_400_000);
      return transaction(async (tx) => {
        const { found } = await reachedStudentSession(tx, user, body.sessionId, body.studentPublicKey);
        const s = found.session;
        if (s.state === 'canceled') throw fail('sessionIsCancelled');
        if (s.startAt.getTime() > Date.now()) throw fail('sessionNotStarted');
        const linkId = await repo.insertLink(tx, {
          reportHash: sha256(reportId),
          sessionId: s.sessionId,
          classroomId: s.classroomId,
          studentKey: body.studentPublicKey,
          createdBy: user.publicKey,
          expiresAt,
          language,
        });
        return {
          linkId,
          reportId,
          path: parentReportPath(reportId, language),
          expiresAt: Math.floor(expiresAt.getTime() / 1000),
          language,
        };
      });
    },

    async list(user: SessionUser, sessionId: string, studentKey: string) {
      await reachedStudentSession(db, user, sessionId, studentKey);
      const data = await repo.linksOf(db, sessionId, studentKey);
      return { data, totalCount: data.length };
    },

    revoke(user: SessionUser, linkId: string) {
      return transaction(async (tx) => {
        const link = await repo.lockLink(tx, linkId);
        if (!link) throw notFound();
        await reachedStudentSession(tx, user, link.sessionId, link.studentKey);
        await repo.revokeLink(tx, linkId, user.publicKey);
        return { linkId };
      });
    },

    /** The public read: rate-limited per address; a wrong, expired or revoked id is not found, saying which. */
    async open(reportId: string, ip: string) {
      const opened = await store.increment(`parent-report:${ip}`, 60);
      if (opened > config.parentLinks.opensPerMinute)
        throw new AppError('REQUESTS_EXCEEDED', { text: { key: 'tooManyReportOpenings' } });
      const reportHash = sha256(reportId);
      const link = await repo.openLink(db, reportHash);
      if (!link) {
        const state = await repo.deadLinkState(db, reportHash);
        throw deadLink(state ? deadLinkKeys[state] : 'parentLinkNotValid');
      }
      const head = await reportHead(db, link.sessionId, link.studentKey);
      // A disabled class's links are the centre's withdrawal; a vanished report is no link.
      if (!head) throw deadLink('parentLinkNotValid');
      if (head.classroomState === 'Deleted') throw deadLink('parentLinkWithdrawn');
      return {
        centreName: config.centre.name,
        studentName: head.studentName,
        expiresAt: link.expiresAt,
        report: await composeReport(db, link.sessionId, link.studentKey, head),
      };
    },
  };
}
