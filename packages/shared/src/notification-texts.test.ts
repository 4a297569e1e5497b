import { describe, expect, it } from 'vitest';
import { notificationKeys, renderNotification } from './domain/notification-texts.ts';

describe('notification texts', () => {
  it('render a stored key and its parameters in the reader’s language', () => {
    expect(renderNotification('en', 'class.created', { classroom: 'Physics 2' })).toBe(
      'New class Physics 2 was set up for you.',
    );
    expect(renderNotification('zh', 'class.created', { classroom: 'Physics 2' })).toBe(
      '已为您开设新班级 Physics 2。',
    );
  });

  it('say one and several differently in English', () => {
    expect(renderNotification('en', 'session.moved', { classroom: 'A', count: 1 })).toBe(
      'A session of class A moved to a new time.',
    );
    expect(renderNotification('en', 'session.moved', { classroom: 'A', count: 3 })).toBe(
      '3 sessions of class A moved to a new time.',
    );
    expect(renderNotification('zh', 'session.moved', { classroom: 'A', count: 1 })).toBe(
      '班级 A 有 1 节课改了时间。',
    );
  });

  it('show a staff message as typed, and a key this build does not know by its text', () => {
    expect(renderNotification('zh', 'staff.message', { text: 'Hello {classroom}' })).toBe(
      'Hello {classroom}',
    );
    expect(renderNotification('en', 'homework.future', { text: 'Saved text' })).toBe('Saved text');
  });

  it('leave no slot unfilled when every parameter is given', () => {
    const params = { classroom: 'C', count: 2, period: '2026-10', text: 'T', subtitle: 'S', time: '2026-11-24 14:00–15:00', link: 'https://meet.example.com/x' };
    for (const key of notificationKeys) {
      for (const language of ['en', 'zh'] as const)
        expect(renderNotification(language, key, params)).not.toMatch(/\{\w+\}/);
    }
  });
});
