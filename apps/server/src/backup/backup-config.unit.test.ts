import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';

describe('backup settings (issue 33)', () => {
  it('default to DATA_DIR/backups, 02:30, 14 kept, nightly on, no key', () => {
    const config = loadConfig({ DATA_DIR: '/srv/tutoria/data' });
    expect(config.backups).toEqual({ dir: '/srv/tutoria/data/backups', key: undefined, time: '02:30', keep: 14, nightly: true });
  });

  it('take their variables and refuse bad ones at start-up', () => {
    const config = loadConfig({ BACKUP_DIR: '/backups', BACKUP_TIME: '23:05', BACKUP_KEEP: '30', BACKUP_NIGHTLY: 'false', BACKUP_KEY: 'a long enough key!' });
    expect(config.backups).toEqual({ dir: '/backups', key: 'a long enough key!', time: '23:05', keep: 30, nightly: false });
    expect(() => loadConfig({ BACKUP_TIME: '2:30' })).toThrow(/BACKUP_TIME must be HH:MM/);
    expect(() => loadConfig({ BACKUP_TIME: '24:00' })).toThrow(/BACKUP_TIME/);
    expect(() => loadConfig({ BACKUP_KEY: 'short' })).toThrow(/BACKUP_KEY must be at least 16 characters/);
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
  });

  it('refuse a backup folder the web server would serve', () => {
    const web = path.resolve('/srv/tutoria/web');
    expect(() => loadConfig({ WEB_DIST: web, BACKUP_DIR: `${web}/backups` })).toThrow(/must not be inside the web build/);
    expect(() => loadConfig({ WEB_DIST: web, BACKUP_DIR: `${web}-backups` })).not.toThrow();
  });
});
