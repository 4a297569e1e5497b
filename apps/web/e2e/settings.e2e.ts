import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Endpoint, contract, type Language, messages } from '@tutoria/shared';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpStub, type SmtpStub } from '../../server/test/channel-stubs';
import commonEn from '../src/locales/en/common.json';
import settingsEn from '../src/locales/en/settings.json';
import commonZh from '../src/locales/zh/common.json';
import settingsZh from '../src/locales/zh/settings.json';
import { DEMO_PASSWORD, PHONE, screenshot, signedHeaders, signIn, startStack, type Stack } from './harness';

/**
 * The Admin's settings page (issue 33), in English and Chinese, at 1440 and 375 px: the Admin opens
 * Settings from the sidebar (the phone's menu), sees the failed background jobs — e-mails to a
 * student who has no address any more fail for good at once — retries one once the address is
 * back (it is sent), discards another after confirming, and downloads the centre's export: a zip
 * with every table, its readme and its columns, without password hashes. At 375 px nothing
 * scrolls sideways and each card shows its kind, error and both buttons.
 */
let stack: Stack;
let smtp: SmtpStub;
let downloads: string;
let admin: string;
let student: { token: string; publicKey: string; fullName: string; emailAddress: string };

const WAIT = { timeout: 15_000 };
const texts = { en: settingsEn, zh: settingsZh };
const common = { en: commonEn, zh: commonZh };

async function call<E extends Endpoint>(endpoint: E, token: string | null, body?: unknown) {
  const response = await fetch(`${stack.baseUrl}/api/v1/${endpoint.path}`, {
    method: endpoint.method,
    headers: {
      ...(await signedHeaders(stack.baseUrl)),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${endpoint.name}: ${response.status} ${JSON.stringify(json)}`);
  return json as never;
}

async function tokenOf(userName: string): Promise<string> {
  const tokens: { access_token: string } = await call(contract.auth.login, null, {
    userName,
    password: DEMO_PASSWORD,
  });
  return tokens.access_token;
}

const setStudentEmail = (emailAddress: string | null) =>
  call(contract.users.edit, admin, { publicKey: student.publicKey, emailAddress });

async function failedCount(): Promise<number> {
  const page: { totalCount: number } = await call(contract.operations.failedJobs, admin, {
    page: { index: 1, size: 10 },
    where: [],
    order: [],
  });
  return page.totalCount;
}

/** `count` e-mails to the student that fail for good at once: the student has no address now. */
async function failDeliveries(count: number, label: string) {
  await setStudentEmail(null);
  const before = await failedCount();
  for (let i = 0; i < count; i += 1) {
    await call(contract.notifications.create, admin, {
      message: `${label} ${i + 1}`,
      messageType: 'General',
      userPublicKeys: [student.publicKey],
    });
  }
  await expect.poll(failedCount, WAIT).toBe(before + count);
}

beforeAll(async () => {
  smtp = await startSmtpStub();
  stack = await startStack({
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Tutoria <noreply@tutoria.example>',
      // Backups land in the stack's own temp DATA_DIR (BACKUP_DIR defaults to DATA_DIR/backups);
      // a schedule and a key that are not the defaults, so the page is seen to show the configuration.
      BACKUP_TIME: '03:15',
      BACKUP_KEEP: '7',
      BACKUP_KEY: 'e2e-backup-key-0123456789',
    },
  });
  downloads = await mkdtemp(path.join(tmpdir(), 'tutoria-settings-'));
  admin = await tokenOf('admin');
  const token = await tokenOf('student');
  const me: { publicKey: string; fullName: string; emailAddress: string } = await call(
    contract.auth.getUser,
    token,
  );
  student = { token, ...me };
  await call(contract.notificationChannels.saveChoices, token, {
    choices: [{ messageType: 'General', email: true, webhook: false }],
  });
});
afterAll(async () => {
  await stack?.stop();
  await smtp?.close();
  if (downloads) await rm(downloads, { recursive: true, force: true });
});

const journeys: { language: Language; width: number }[] = [
  { language: 'en', width: 1440 },
  { language: 'zh', width: 1440 },
  { language: 'en', width: PHONE.width },
  { language: 'zh', width: PHONE.width },
];

/** Opens Settings from the sidebar (on a phone, from the folded menu). */
async function openSettings(page: Page, language: Language, phone: boolean) {
  await signIn(page, 'admin');
  await page.waitForURL(/\/admin\/panel/, WAIT);
  if (phone) await page.getByRole('button', { name: common[language].nav.toggleNavigation }).click();
  await page.getByRole('link', { name: common[language].nav.settings }).click();
  await page.waitForURL(/\/admin\/panel\/settings/, WAIT);
  await page.getByRole('heading', { name: texts[language].failedJobs.title }).waitFor(WAIT);
}

/** The rows' Retry and Discard buttons, named after the job they act on. */
function rowButtons(page: Page, language: Language) {
  const t = texts[language];
  const what = `${t.kinds.notificationDeliver} — ${t.subject.delivery
    .replace('{{channel}}', t.subject.channels.email)
    .replace('{{person}}', student.fullName)}`;
  return {
    retry: page.getByRole('button', { name: t.failedJobs.retryLabel.replace('{{what}}', what), exact: true }),
    discard: page.getByRole('button', {
      name: t.failedJobs.discardLabel.replace('{{what}}', what),
      exact: true,
    }),
  };
}

/** At 375 px: no sideways scroll, and every card's heading and buttons inside the screen. */
async function expectFitsPhone(page: Page) {
  const problems = await page.evaluate((width) => {
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width)
      found.push(`page ${document.documentElement.scrollWidth} px`);
    for (const el of document.querySelectorAll('[data-phone-row], [data-phone-row] *')) {
      const box = el.getBoundingClientRect();
      if (box.width > 0 && (box.left < -1 || box.right > width + 1)) found.push(`off screen: ${el.tagName}`);
    }
    return found;
  }, PHONE.width);
  expect(problems).toEqual([]);
}

describe('the Admin’s settings page', () => {
  it.each(journeys)(
    '$language at $width px: sees failed jobs, retries one, discards another, downloads the export',
    async ({ language, width }) => {
      const t = texts[language];
      const phone = width === PHONE.width;
      await failDeliveries(2, `Settings ${language} ${width}`);
      const shown = await failedCount();

      const page = await stack.newPage({
        viewport: { width, height: phone ? PHONE.height : 900 },
        ...(language === 'zh' ? { locale: 'zh-CN' } : {}),
      });
      await page.addInitScript((lang) => localStorage.setItem('tutoria.language', lang), language);
      await openSettings(page, language, phone);

      // The failed jobs: kind in words, what it concerned, the error, both actions.
      const buttons = rowButtons(page, language);
      await expect.poll(() => buttons.retry.count(), WAIT).toBe(Math.min(shown, 10));
      await page.getByText('the recipient has no e-mail address').first().waitFor(WAIT);
      await page.getByText(t.kinds.notificationDeliver).first().waitFor(WAIT);
      if (phone) await expectFitsPhone(page);
      await screenshot(page, `settings-failed-jobs-${language}-${width}`);

      // Retry once the address is back: queued again, sent, gone from the list.
      await setStudentEmail(student.emailAddress);
      const mailsBefore = smtp.mails.length;
      await buttons.retry.first().click();
      await page.getByText(messages[language].jobRetried).first().waitFor(WAIT);
      await expect.poll(() => smtp.mails.length, WAIT).toBe(mailsBefore + 1);
      expect(smtp.mails.at(-1)!.to).toContain(student.emailAddress);
      await expect.poll(failedCount, WAIT).toBe(shown - 1);

      // Discard another, after confirming.
      await setStudentEmail(null);
      await buttons.discard.first().click();
      const dialog = page.getByRole('dialog', { name: t.failedJobs.discardTitle });
      await dialog.waitFor(WAIT);
      await dialog.getByRole('button', { name: t.failedJobs.discard }).click();
      await page.getByText(messages[language].jobDiscarded).first().waitFor(WAIT);
      await expect.poll(failedCount, WAIT).toBe(shown - 2);
      await expect.poll(() => buttons.retry.count(), WAIT).toBe(Math.min(shown - 2, 10));

      // The centre's export: one zip, every table, its documentation, no secrets.
      await page.getByRole('heading', { name: t.export.title }).scrollIntoViewIfNeeded();
      await page.getByText(t.export.intro).waitFor(WAIT);
      if (phone) await expectFitsPhone(page);
      const download = page.waitForEvent('download', WAIT);
      await page.getByRole('button', { name: t.export.download }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^tutoria-centre-\d{4}-\d{2}-\d{2}\.zip$/);
      const saved = path.join(downloads, `${language}-${width}-${file.suggestedFilename()}`);
      await file.saveAs(saved);
      const entries = unzipSync(new Uint8Array(await readFile(saved)));
      expect(Object.keys(entries)).toEqual(
        expect.arrayContaining(['README.txt', 'columns.csv', 'users.csv', 'deposits.csv', 'jobs.csv']),
      );
      const users = strFromU8(entries['users.csv']!);
      expect(users).toContain(student.fullName);
      expect(users.split('\r\n')[0]).not.toContain('password_hash');
      await page.getByRole('button', { name: t.export.download }).waitFor(WAIT);
      await screenshot(page, `settings-export-${language}-${width}`);
      await page.context().close();
    },
  );
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface BackupList {
  backups: { fileName: string; kind: string; encrypted: boolean }[];
  schedule: { time: string; timeZone: string; keep: number };
}

describe('the Admin’s backups', () => {
  it.each(journeys)(
    '$language at $width px: sees the schedule, backs up now, and finds the new file in the list',
    async ({ language, width }) => {
      const t = texts[language];
      const phone = width === PHONE.width;
      const before: BackupList = await call(contract.backups.overview, admin);
      expect(before.schedule).toMatchObject({ time: '03:15', keep: 7 });

      const page = await stack.newPage({
        viewport: { width, height: phone ? PHONE.height : 900 },
        ...(language === 'zh' ? { locale: 'zh-CN' } : {}),
      });
      await page.addInitScript((lang) => localStorage.setItem('tutoria.language', lang), language);
      await openSettings(page, language, phone);

      // The schedule in words, encryption on, and where the files are (never a download link).
      const section = page.getByRole('region', { name: t.backups.title, exact: true });
      await section.getByText(t.backups.intro).waitFor(WAIT);
      const schedule = t.backups.schedule.on_other
        .replace('{{time}}', '03:15')
        .replace('{{zone}}', before.schedule.timeZone)
        .replace('{{count}}', '7');
      await section.getByText(schedule, { exact: true }).waitFor(WAIT);
      await section.getByText(t.backups.encryptionOn).waitFor(WAIT);
      expect(await section.getByRole('link').count()).toBe(0);

      // Back up now: the server's message, then the new file in the list (manual, encrypted).
      await section.getByRole('button', { name: t.backups.backUpNow }).click();
      // The snackbar upper-cases a short text (the Chinese one): matched without case.
      const [made, after] = messages[language].backupMade.split('{file}').map(escapeRegExp) as [
        string,
        string,
      ];
      const snackbar = page.getByText(new RegExp(`${made}tutoria-backup-.+-manual\\.tbk${after}`, 'i'));
      await snackbar.first().waitFor({ timeout: 60_000 });
      const now: BackupList = await call(contract.backups.overview, admin);
      expect(now.backups).toHaveLength(before.backups.length + 1);
      const added = now.backups[0]!;
      expect(added).toMatchObject({ kind: 'manual', encrypted: true });
      expect(before.backups.map((b) => b.fileName)).not.toContain(added.fileName);
      const row = section.locator('tr, [data-phone-row]').filter({ hasText: added.fileName });
      await row.waitFor(WAIT);
      await row.getByText(t.backups.kinds.manual, { exact: true }).waitFor(WAIT);
      await row.getByText(t.backups.yes, { exact: true }).waitFor(WAIT);
      await expect
        .poll(() => section.locator('tbody tr, [data-phone-row]').count(), WAIT)
        .toBe(now.backups.length);
      await section
        .getByTestId('backups-last')
        .getByText(/\d.*(kB|MB|GB)$/)
        .waitFor(WAIT);
      if (phone) await expectFitsPhone(page);
      await page.mouse.move(0, 0);
      await screenshot(page, `settings-backups-${language}-${width}`);

      // The failed-work list names the nightly backup's kind in words, as a filter too.
      const kindFilter = page.getByRole('combobox', { name: t.failedJobs.kind, exact: true });
      await kindFilter.click();
      await page.getByRole('option', { name: t.kinds.backupsNightly, exact: true }).click();
      await page.waitForURL(/kind=backups\.nightly/, WAIT);
      await expect.poll(() => kindFilter.inputValue(), WAIT).toBe(t.kinds.backupsNightly);
      await page.context().close();
    },
  );
});
