import { act, fireEvent, screen, within } from '@testing-library/react';
import type { BackupOverview } from '@tutoria/shared';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setClientConfig } from '@/lib/client-config';
import { testClientConfig } from '../../../../test/client-config';
import { renderInApp } from '../../../../test/render';
import { nightlyFailure, scheduleValues } from './backup-words';
import { BackupsPanel } from './backups-section';

// Times are shown in the centre's zone, from the start-up config.
setClientConfig({ ...testClientConfig(), timeZone: 'Asia/Shanghai' });
afterEach(() => i18next.changeLanguage('en'));

/** 2026-05-01 02:30 and 2026-05-02 02:30 in Shanghai. */
const night = Date.UTC(2026, 3, 30, 18, 30) / 1000;
const nextNight = night + 86_400;
const schedule = { time: '02:30', timeZone: 'Asia/Shanghai', keep: 14, enabled: true, nextRunAt: nextNight };
const nightly = {
  fileName: 'tutoria-backup-20260430T183000123Z-nightly.tbk',
  createdAt: night,
  sizeInBytes: 1_572_864,
  kind: 'nightly' as const,
  encrypted: true,
};
const manual = {
  ...nightly,
  fileName: 'tutoria-backup-20260430T120000000Z-manual.tbk',
  createdAt: night - 23_400,
  sizeInBytes: 2048,
  kind: 'manual' as const,
  encrypted: false,
};
const overview = (over: Partial<BackupOverview> = {}): BackupOverview => ({
  backups: [nightly, manual],
  schedule,
  encryption: true,
  lastBackup: nightly,
  lastNightly: { failed: false, error: null, at: night + 5 },
  ...over,
});

/** The schedule's sentence as the panel says it, in one language. */
const say = (language: 'en' | 'zh', s: BackupOverview['schedule']) => {
  const t = i18next.getFixedT(language, 'settings');
  const values = scheduleValues(s);
  return values ? t('backups.schedule.on', values) : t('backups.schedule.off');
};

describe('the nightly schedule in words', () => {
  it('says the time in the centre’s zone and how many are kept, in both languages', async () => {
    await i18next.loadLanguages('zh');
    await i18next.loadNamespaces('settings');
    expect(say('en', schedule)).toBe('Every night at 02:30 (Asia/Shanghai), keeping the newest 14');
    expect(say('en', { ...schedule, keep: 1 })).toBe(
      'Every night at 02:30 (Asia/Shanghai), keeping the newest one',
    );
    await i18next.changeLanguage('zh');
    await i18next.loadNamespaces('settings');
    expect(say('zh', schedule)).toBe('每晚 02:30（Asia/Shanghai）备份，保留最新的 14 份');
  });

  it('says when nightly backups are off, whatever the time configured', () => {
    expect(scheduleValues({ ...schedule, enabled: false, nextRunAt: null })).toBeNull();
    expect(say('en', { ...schedule, enabled: false, nextRunAt: null })).toBe(
      'Off: no backup is made at night (BACKUP_NIGHTLY=false)',
    );
  });

  it('reports a failed night only when the last run failed, with a dash for a missing error', () => {
    expect(nightlyFailure(null)).toBeNull();
    expect(nightlyFailure({ failed: false, error: null, at: night })).toBeNull();
    expect(nightlyFailure({ failed: true, error: 'disk full', at: night })).toEqual({
      at: night,
      error: 'disk full',
    });
    expect(nightlyFailure({ failed: true, error: ' ', at: night })).toEqual({ at: night, error: '—' });
  });
});

describe('the backups panel', () => {
  it('shows the last backup, the schedule, encryption and every file, and backs up on request', () => {
    const onBackUp = vi.fn();
    renderInApp(<BackupsPanel overview={overview()} backingUp={false} onBackUp={onBackUp} />);
    expect(screen.getByTestId('backups-last').textContent).toContain('2026-05-01, 2:30 am · 1.5 MB');
    const scheduleFact = screen.getByTestId('backups-schedule').textContent;
    expect(scheduleFact).toContain('Every night at 02:30 (Asia/Shanghai), keeping the newest 14');
    expect(scheduleFact).toContain('Next: 2026-05-02, 2:30 am');
    expect(screen.getByTestId('backups-encryption').textContent).toContain('new backups are encrypted');
    expect(screen.queryByTestId('backups-failed')).toBeNull();

    const rows = within(screen.getByTestId('backups-table')).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toContain(nightly.fileName);
    expect(rows[1]!.textContent).toContain('Nightly');
    expect(rows[1]!.textContent).toContain('Yes');
    expect(rows[2]!.textContent).toContain('Manual');
    expect(rows[2]!.textContent).toContain('2 kB');
    expect(rows[2]!.textContent).toContain('No');
    // Listed, never offered: no link in the list.
    expect(within(screen.getByTestId('backups-table')).queryAllByRole('link')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Back up now' }));
    expect(onBackUp).toHaveBeenCalledTimes(1);
  });

  it('alerts when the last night failed, with its error and a way to the failed work', () => {
    const scrolled = vi.fn();
    document.body.insertAdjacentHTML('beforeend', '<section id="failed-jobs"></section>');
    document.getElementById('failed-jobs')!.scrollIntoView = scrolled;
    renderInApp(
      <BackupsPanel
        overview={overview({
          lastNightly: { failed: true, error: 'ENOSPC: no space left on device', at: night },
        })}
        backingUp
        onBackUp={() => undefined}
      />,
    );
    const alert = screen.getByTestId('backups-failed');
    expect(alert.textContent).toContain('The last nightly backup failed');
    expect(alert.textContent).toContain('At 2026-05-01, 2:30 am: ENOSPC: no space left on device');
    fireEvent.click(within(alert).getByRole('button', { name: 'Show failed work' }));
    expect(scrolled).toHaveBeenCalled();
    // A backup under way: the button shows it and takes no second click.
    const button = screen.getByRole('button', { name: 'Back up now' });
    expect(button.hasAttribute('data-loading')).toBe(true);
    document.getElementById('failed-jobs')!.remove();
  });

  it('says so when there is no backup yet and nightly backups are off, in Chinese', async () => {
    await act(() => i18next.changeLanguage('zh'));
    renderInApp(
      <BackupsPanel
        overview={overview({
          backups: [],
          lastBackup: null,
          lastNightly: null,
          encryption: false,
          schedule: { ...schedule, enabled: false, nextRunAt: null },
        })}
        backingUp={false}
        onBackUp={() => undefined}
      />,
    );
    expect(screen.getByTestId('backups-last').textContent).toContain('尚无备份');
    expect(screen.getByTestId('backups-schedule').textContent).toContain('已关闭');
    expect(screen.getByTestId('backups-schedule').textContent).not.toContain('下次');
    expect(screen.getByTestId('backups-encryption').textContent).toContain('BACKUP_KEY');
    expect(screen.getByTestId('backups-empty')).toBeTruthy();
    expect(screen.getByRole('button', { name: '立即备份' })).toBeTruthy();
  });
});
